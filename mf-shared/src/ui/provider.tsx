import { ChakraProvider } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { i18n } from '@especifica/mf-shared';
import { type ReactNode, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { system } from './system';

/**
 * Chakra's provider draws the whole global stylesheet (reset, base, every token as a CSS variable) in each React
 * root, and emotion does not share it between them: the header and the remote serialized and inserted it twice. Here
 * the roots hand Chakra a system without it, and only the first mounted provider of the page draws it. When that
 * root unmounts, the next one draws it in the same commit, before the browser paints.
 */
const withoutGlobals: typeof system = { ...system, _global: [], layers: { ...system.layers, atRule: '' } };

const holders: symbol[] = [];
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const drawing = () => holders[0];
const changed = () => {
  for (const listener of listeners) listener();
};

function GlobalStyles() {
  const [id] = useState(() => Symbol('global-styles'));
  useLayoutEffect(() => {
    holders.push(id);
    changed();
    return () => {
      holders.splice(holders.indexOf(id), 1);
      changed();
    };
  }, [id]);
  if (useSyncExternalStore(subscribe, drawing, drawing) !== id) return null;
  return (
    <>
      <Global styles={system.layers.atRule} />
      <Global styles={system._global} />
    </>
  );
}

/** Every React root (shell chrome and each remote) renders inside this one provider. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={withoutGlobals}>
      <GlobalStyles />
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </ChakraProvider>
  );
}
