import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { i18n } from '@especifica/mf-shared';
import { type ReactNode, useInsertionEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { globalCss } from './global-css';
import { getSystem } from './system';

/**
 * Chakra's provider draws the whole global stylesheet (reset, base, every token as a CSS variable) in each React
 * root, through emotion, which does not share it between roots and serializes it again each time. Here the roots
 * hand Chakra a system without it, and the page carries the stylesheet once, as text made at build time
 * (`global-css.ts`), while at least one provider is mounted: a page left for a screen without Chakra (the login
 * form after signing out) does not keep Chakra's reset.
 */
let withoutGlobals: SystemContext | undefined;
function systemWithoutGlobals(): SystemContext {
  const system = getSystem();
  withoutGlobals ??= { ...system, _global: [], layers: { ...system.layers, atRule: '' } };
  return withoutGlobals;
}

let providers = 0;
let sheet: HTMLStyleElement | undefined;

function globalSheet(): HTMLStyleElement {
  const style = document.createElement('style');
  style.dataset.chakraGlobal = '';
  style.textContent = globalCss;
  return style;
}

/**
 * Puts the global stylesheet on the page ahead of the first provider, parsed but not applied (`media="not all"`):
 * parsing its 47 KB was 2 to 3 ms of the first screen's commit in desktop Chromium, a long task on a phone. The first
 * provider applies it; a page that never mounts one (the login form) is not touched by it.
 */
export function prepareGlobalStyles(): void {
  if (sheet) return;
  sheet = globalSheet();
  sheet.media = 'not all';
  document.head.prepend(sheet);
}

function GlobalStyles() {
  useInsertionEffect(() => {
    providers += 1;
    if (!sheet) {
      sheet = globalSheet();
      // First in the page: its `@layer` statement sets the layers' order before any component's styles name one.
      document.head.prepend(sheet);
    } else if (sheet.media) {
      sheet.removeAttribute('media');
      if (document.head.firstElementChild !== sheet) document.head.prepend(sheet);
    }
    return () => {
      providers -= 1;
      if (providers === 0) {
        sheet?.remove();
        sheet = undefined;
      }
    };
  }, []);
  return null;
}

// In a task of its own once the UI kit has been evaluated, while a signed-in page's access gate decides.
if (typeof document !== 'undefined') setTimeout(prepareGlobalStyles);

/** Every React root (shell chrome and each remote) renders inside this one provider. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={systemWithoutGlobals()}>
      <GlobalStyles />
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </ChakraProvider>
  );
}
