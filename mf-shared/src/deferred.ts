import { loadOnce } from './load-once';

/** What a remote's mounted module exports: single-spa lifecycles (P: their props), and the preload of a screen's reads. */
export interface MountedApp<P> {
  bootstrap: (props: P) => Promise<unknown>;
  mount: (props: P) => Promise<unknown>;
  unmount: (props: P) => Promise<unknown>;
  preload?: (pathname: string) => void;
}

/** A remote's screens: each path as its router writes it ('/experiences/:id', '/invoices/*') and its chunk's import(). */
export type ScreenLoaders = Record<string, () => Promise<unknown>>;

const segments = (path: string) => path.toLowerCase().split('/').filter(Boolean);

/**
 * How well `pattern` fits `pathname`, as the router ranks routes: null when it does not fit, otherwise the number of
 * its literal segments (so '/cms/professionals/invoices' wins over '/cms/professionals/:id'). A ':name' segment fits
 * any one segment, a final '*' any rest (none included); letters' case does not count.
 */
export function pathFit(pattern: string, pathname: string): number | null {
  const wanted = segments(pattern);
  const actual = segments(pathname);
  const rest = wanted.at(-1) === '*';
  if (rest) wanted.pop();
  if (rest ? actual.length < wanted.length : actual.length !== wanted.length) return null;
  let literal = 0;
  for (const [i, segment] of wanted.entries()) {
    if (segment.startsWith(':')) continue;
    if (segment !== actual[i]) return null;
    literal++;
  }
  return literal;
}

/** Of `[path, value]` pairs, the value whose path fits `pathname` best, if any. */
export function bestFit<T>(candidates: [string, T][], pathname: string): T | undefined {
  let best: { fit: number; value: T } | undefined;
  for (const [pattern, value] of candidates) {
    const fit = pathFit(pattern, pathname);
    if (fit !== null && (!best || fit > best.fit)) best = { fit, value };
  }
  return best?.value;
}

/** The screen whose path fits `pathname` best, if any. */
export const screenAt = (screens: ScreenLoaders, pathname: string) => bestFit(Object.entries(screens), pathname);

/**
 * The module a remote exposes to the shell (`./app`), made so that the first screen's code is asked for without
 * waiting for anything else. It imports no shared module, so the federation runtime runs it as soon as the remote's
 * entry and its own small chunk are in, instead of after the UI kit and React have downloaded (the lifecycles draw
 * with them). `preload(pathname)`, which the shell calls then, starts the screen's chunk at once, and webpack asks in
 * the same moment for the shared modules the screen draws with (the list, the UI kit); then the mounted module, with
 * the lifecycles, which single-spa's calls wait for.
 */
export function deferredApp<P>(load: () => Promise<MountedApp<P>>, screens: ScreenLoaders) {
  const app = loadOnce(load);
  return {
    bootstrap: (props: P) => app().then((mounted) => mounted.bootstrap(props)),
    mount: (props: P) => app().then((mounted) => mounted.mount(props)),
    unmount: (props: P) => app().then((mounted) => mounted.unmount(props)),
    preload(pathname: string): void {
      // A chunk that did not arrive is asked for again when the screen is drawn.
      screenAt(screens, pathname)?.().catch(() => undefined);
      app()
        .then((mounted) => mounted.preload?.(pathname))
        .catch(() => undefined);
    },
  };
}
