import type { GateUser } from './gate';
import { preloadScript } from './manifest-files';
import { hasHeader, isPublicPath } from './routes';

/** mf-shared's session store keeps the session under this key (session/store.ts `STORAGE_KEY`). */
export const SESSION_KEY = 'store';
/** The meta tag the build writes with the files of a signed-in first screen (scripts/webpack/preload.cjs). */
export const SIGNED_IN_META = 'signed-in-preload';

/** The session the store keeps, as the gate reads it, before the store's code has arrived; null without a token. */
export function storedUser(storage: Storage): GateUser | null {
  try {
    const stored = JSON.parse(storage.getItem(SESSION_KEY) ?? 'null') as { user?: Partial<GateUser> } | null;
    const user = stored?.user;
    return typeof user?.accessToken === 'string' && user.accessToken !== '' ? (user as GateUser) : null;
  } catch {
    return null;
  }
}

/**
 * A signed-in page draws the header and its screen with the UI kit (Chakra and the kit's shared chunks), which the
 * shell otherwise asks for only once its bootstrap has run and read the remote table: one level of requests after
 * another. The page's inline script (src/boot.ts) instead starts their download while the page is parsed, when a
 * session is stored and the address shows the header. A public page (the login form) downloads none of it. Low
 * priority, as the page's own preloads: they are not needed for its first paint. Answers whether the page is a
 * signed-in one.
 */
export function preloadSignedInCode(doc: Document = document, storage: Storage = window.localStorage): boolean {
  const pathname = doc.location?.pathname ?? '/';
  if (isPublicPath(pathname) || !hasHeader(pathname) || !storedUser(storage)) return false;
  const files = doc.querySelector<HTMLMetaElement>(`meta[name="${SIGNED_IN_META}"]`)?.content.split(' ') ?? [];
  for (const href of files) if (href) preloadScript(href, doc, 'low');
  return true;
}

/**
 * A page's first number or date in pt-BR (its first Intl object) loads ICU's locale data and builds its formats: 40
 * to 90 ms in one task in Chromium, four times that on a phone, where the header's points or the first screen are
 * drawn. `url` is a worker (src/intl-worker.ts) that does that work on a thread of its own while the page is parsed
 * and its code downloads; ICU keeps the result for the whole process, so the page's own formats then cost little.
 * A browser that refuses the worker (a policy) formats as before. Answers whether the worker started.
 */
export function warmIntl(url: string, start: (url: string) => unknown = (href) => new Worker(href)): boolean {
  try {
    start(url);
    return true;
  } catch {
    return false;
  }
}
