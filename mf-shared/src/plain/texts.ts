import { i18n } from '@especifica/mf-shared';
import { useCallback, useSyncExternalStore } from 'react';

type Translate = (key: string, options?: Record<string, unknown>) => string;

// Texts change when the language does or when a module adds its dictionary (English arrives after it is chosen).
const EVENTS = ['languageChanged', 'added', 'loaded'] as const;

let version = 0;
function subscribe(onChange: () => void): () => void {
  const bump = () => {
    version++;
    onChange();
  };
  for (const event of EVENTS) i18n.on(event, bump);
  i18n.store?.on('added', bump);
  return () => {
    for (const event of EVENTS) i18n.off(event, bump);
    i18n.store?.off('added', bump);
  };
}
const snapshot = () => `${i18n.language}:${version}`;

/**
 * `t` from the page's one i18n instance, re-rendering when the language or the dictionaries change: what a screen
 * needs of react-i18next without downloading it (the chrome and the login card use it).
 */
export function useTexts(): { t: Translate; language: string } {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  // A new function after every change, so that memoised children re-render with the new texts too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` is what makes `t` change
  const t = useCallback<Translate>((key, options) => i18n.t(key, options) as string, [current]);
  return { t, language: i18n.language };
}
