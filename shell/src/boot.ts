// Runs inline in index.html while the page is parsed, before main.js has arrived (scripts/webpack/preload.cjs
// bundles it there, and the server allows it by its hash: api/src/web.ts): a signed-in page starts downloading its
// UI kit at once, in parallel with main.js, and every page the remote that draws it, instead of once main.js has
// downloaded and run. Every page also has ICU's pt-BR data made off the main thread (a worker): the login form too,
// which leads to a page of points and dates in the same document.
import { startFirstRemote } from './first-remote';
import { preloadSignedInCode, warmIntl } from './signed-in';

/** The worker's URL as built (src/intl-worker.ts, hashed), written in by the build; empty in a build without it. */
declare const __INTL_WORKER__: string;

try {
  preloadSignedInCode();
  startFirstRemote();
} catch {
  // No storage to read (a browser that blocks it): the page asks for its code as it goes.
}
if (__INTL_WORKER__) warmIntl(__INTL_WORKER__);
