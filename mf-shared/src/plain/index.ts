// What a screen needs without Chakra's runtime: texts, the theme's colours as CSS custom properties, an error
// boundary and single-spa lifecycles that do not mount the Chakra provider. The login card and the shell's footer
// are drawn with it, so /login downloads no UI kit.

export { loadOnce } from '../load-once';
export * as tokens from '../ui/tokens';
export { RemoteBoundary, RemoteFallback } from './boundary';
export { plainChromeLifecycles, plainRemoteLifecycles, type RemoteProps } from './lifecycles';
export { useTexts } from './texts';
export { addStyles, addThemeStyles, themeCss } from './theme';
