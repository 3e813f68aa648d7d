import {
  applyColorMode,
  type ColorMode,
  type ResolvedColorMode,
  resolveColorMode,
  setColorMode,
  storedColorMode,
  subscribeColorMode,
} from '@especifica/mf-shared';
import { useCallback, useLayoutEffect, useSyncExternalStore } from 'react';

export {
  applyColorMode,
  applyStoredColorMode,
  type ColorMode,
  colorModes,
  type ResolvedColorMode,
  setColorMode,
  storedColorMode,
  THEME_KEY,
} from '@especifica/mf-shared';

export interface UseColorMode {
  colorMode: ColorMode;
  resolvedColorMode: ResolvedColorMode;
  setColorMode: (mode: ColorMode) => void;
  toggleColorMode: () => void;
}

/** The saved theme as React state; every module shares it because this entry is a federation singleton. */
export function useColorMode(): UseColorMode {
  const colorMode = useSyncExternalStore(subscribeColorMode, storedColorMode, () => 'light' as const);
  const resolvedColorMode = resolveColorMode(colorMode);
  useLayoutEffect(() => applyColorMode(colorMode), [colorMode]);
  const toggleColorMode = useCallback(
    () => setColorMode(resolvedColorMode === 'dark' ? 'light' : 'dark'),
    [resolvedColorMode],
  );
  return { colorMode, resolvedColorMode, setColorMode, toggleColorMode };
}
