import { api, applyStoredColorMode, firstScreen, session, toasts } from '@especifica/mf-shared';
import { registerGlobalPlugins, registerPlugins } from '@module-federation/enhanced/runtime';
import { addErrorHandler, navigateToUrl, registerApplication, start } from 'single-spa';
import { loadToasterWhenNeeded } from './chrome/held-toasts';
import { headerKind } from './chrome/nav';
import { GATE_DELAY_MS, gate } from './gate';
import { libraryPlugin } from './library';
import { clearOverrides, readOverrides, showOverrideBanner } from './overrides';
import { remoteApplication } from './remote-app';
import { fetchRemoteTable, loadLifecycles, preloadRemoteShared, RemoteRegistry, registerRemoteTable } from './remotes';
import { hasHeader, type RemoteName, remoteFor } from './routes';
import { loadTagManager } from './tag-manager';
import { loadTypefaceAfterFirstScreen } from './typeface';

const REMOTES: RemoteName[] = ['mf_auth', 'mf_participant', 'mf_cms'];
/** How long a signed-in page's reads wait for its first screen at most (a remote that does not load, say). */
const FIRST_SCREEN_LIMIT_MS = 5_000;
const byId = (id: string) => () => document.getElementById(id) as HTMLElement;

/** Runs the gate on a location; answers where to go instead, or null to stay. */
function check(url: URL | Location): string | null {
  const decision = gate(url.pathname, url.search, session.value.user);
  return decision.allow ? null : decision.redirect;
}

/**
 * Tells the page's stylesheet which header is coming (index.html reserves its height), so that the page below
 * does not move down when the header mounts after it.
 */
function reserveHeader(): void {
  const user = session.value.user;
  const path = window.location.pathname;
  const kind = user && hasHeader(path) ? headerKind(path, user.userType) : null;
  if (kind) document.body.dataset.header = kind;
  else delete document.body.dataset.header;
}

function enforceOnNavigation(): void {
  window.addEventListener('single-spa:before-routing-event', (event) => {
    const detail = (event as CustomEvent<{ newUrl: string; cancelNavigation?: () => void }>).detail;
    const target = check(new URL(detail.newUrl));
    if (!target) return;
    detail.cancelNavigation?.();
    setTimeout(() => navigateToUrl(target));
  });
  // A logout or an expired session elsewhere sends the user to the right login at once.
  session
    .select((state) => state.user?.accessToken ?? null)
    .subscribe(() => {
      const target = check(window.location);
      if (target) navigateToUrl(target);
    });
}

async function main(): Promise<void> {
  applyStoredColorMode();
  loadToasterWhenNeeded(toasts, () => import('./chrome/toaster'));
  const table = fetchRemoteTable();
  const first = check(window.location);
  if (first) window.history.replaceState(null, '', first);
  // A signed-in screen is painted before its reads and axios leave (FirstScreen): its heading needs neither, and
  // they would share the network with the code that draws it.
  const held = Boolean(session.value.user) && hasHeader(window.location.pathname);
  if (held) firstScreen.hold(FIRST_SCREEN_LIMIT_MS);
  // The typefaces follow the first screen's reads: answered and quiet for 50 ms, or 3 s after the screen at most.
  loadTypefaceAfterFirstScreen(held, () => api.quiet(50, 3_000));

  const overrides = readOverrides(window.localStorage, window.location.hostname);
  const registry = new RemoteRegistry(await table, overrides);
  const remotes = registry.table;
  if (Object.keys(overrides).length)
    showOverrideBanner(overrides, () => {
      clearOverrides(window.localStorage);
      window.location.reload();
    });
  registerGlobalPlugins([libraryPlugin()]);
  registerPlugins([preloadRemoteShared]);
  registerRemoteTable(remotes);
  const role = () => session.value.user?.userType ?? null;
  for (const name of REMOTES) {
    registerApplication({
      name,
      app: remoteApplication(
        name,
        () => loadLifecycles(name, remotes),
        byId('page'),
        () => registry.refresh(name),
      ),
      activeWhen: (location) => remoteFor(location.pathname, role()) === name,
    });
  }
  const header = () => import('./chrome/header');
  const headerAt = (pathname: string) => Boolean(session.value.user) && hasHeader(pathname);
  registerApplication({ name: 'chrome-header', app: header, activeWhen: (location) => headerAt(location.pathname) });
  registerApplication({ name: 'chrome-footer', app: () => import('./chrome/footer'), activeWhen: () => true });
  addErrorHandler((error) => console.error('[shell]', error.appOrParcelName, error));

  enforceOnNavigation();
  reserveHeader();
  window.addEventListener('single-spa:routing-event', reserveHeader);
  loadTagManager();
  // Fetch the remote of this page while the gate waits, and have it start the screen's code and ask for its first
  // reads (the address has passed the gate above), and the header for its own; nothing is rendered before the wait
  // ends, and on a signed-in page the reads leave once the screen is painted (the hold above).
  const current = remoteFor(window.location.pathname, role());
  loadLifecycles(current, remotes)
    .then((app) => app.preload?.(window.location.pathname))
    .catch(() => undefined);
  if (headerAt(window.location.pathname))
    header()
      .then((chrome) => chrome.preload(window.location.pathname))
      .catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, GATE_DELAY_MS));
  start({ urlRerouteOnly: true });
}

void main();
