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

function GlobalStyles() {
  useInsertionEffect(() => {
    providers += 1;
    if (!sheet) {
      sheet = document.createElement('style');
      sheet.dataset.chakraGlobal = '';
      sheet.textContent = globalCss;
      // First in the page: its `@layer` statement sets the layers' order before any component's styles name one.
      document.head.prepend(sheet);
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

/** Every React root (shell chrome and each remote) renders inside this one provider. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={systemWithoutGlobals()}>
      <GlobalStyles />
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </ChakraProvider>
  );
}
