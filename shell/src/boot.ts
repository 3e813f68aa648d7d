// Runs inline in index.html while the page is parsed, before main.js has arrived (scripts/webpack/preload.cjs
// bundles it there, and the server allows it by its hash: api/src/web.ts): a signed-in page starts downloading its
// UI kit at once, in parallel with main.js, and every page the remote that draws it, instead of once main.js has
// downloaded and run.
import { startFirstRemote } from './first-remote';
import { loadNumberFormats, preloadSignedInCode } from './signed-in';

try {
  const signedIn = preloadSignedInCode();
  startFirstRemote();
  if (signedIn) loadNumberFormats();
} catch {
  // No storage to read (a browser that blocks it): the page asks for its code as it goes.
}
