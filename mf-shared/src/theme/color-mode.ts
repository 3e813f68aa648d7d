// The theme choice lives in the runtime entry so the shell can paint it before any UI loads (no light flash).
export const THEME_KEY = 'theme';
export const colorModes = ['light', 'dark', 'high-contrast'] as const;
/** What the user chose. The spec names a high-contrast theme without defining it, so it is kept but shown as light. */
export type ColorMode = (typeof colorModes)[number];
/** What the page is painted with: Chakra's `_dark` condition is the class "dark" on <html>. */
export type ResolvedColorMode = 'light' | 'dark';

const listeners = new Set<() => void>();

export function storedColorMode(): ColorMode {
  try {
    const saved = globalThis.localStorage?.getItem(THEME_KEY);
    return (colorModes as readonly string[]).includes(saved ?? '') ? (saved as ColorMode) : 'light';
  } catch {
    return 'light';
  }
}

export const resolveColorMode = (mode: ColorMode): ResolvedColorMode => (mode === 'dark' ? 'dark' : 'light');

/** Paints <html> with a mode; `data-theme` keeps the exact choice so a high-contrast theme can hook in later. */
export function applyColorMode(mode: ColorMode, root: HTMLElement | undefined = globalThis.document?.documentElement) {
  if (!root) return;
  const resolved = resolveColorMode(mode);
  root.classList.remove(resolved === 'dark' ? 'light' : 'dark');
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
  root.dataset.theme = mode;
}

/** Call once at start-up (before the first paint if possible) so that a saved dark theme does not flash light. */
export function applyStoredColorMode() {
  applyColorMode(storedColorMode());
}

export function setColorMode(mode: ColorMode) {
  try {
    globalThis.localStorage?.setItem(THEME_KEY, mode);
  } catch {
    // Without storage the choice lasts until reload.
  }
  applyColorMode(mode);
  for (const listener of listeners) listener();
}

/** Calls back when the theme changes here or in another tab. */
export function subscribeColorMode(onChange: () => void) {
  listeners.add(onChange);
  // Another tab changed the theme: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_KEY) return;
    applyStoredColorMode();
    onChange();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
