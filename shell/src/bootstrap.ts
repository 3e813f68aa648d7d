import { applyStoredColorMode, session } from '@especifica/mf-shared';
import { addErrorHandler, navigateToUrl, registerApplication, start } from 'single-spa';
import { GATE_DELAY_MS, gate } from './gate';
import { remoteApplication } from './remote-app';
import { fetchRemoteTable, loadLifecycles, registerRemoteTable } from './remotes';
import { hasHeader, type RemoteName, remoteFor } from './routes';
import { loadTagManager } from './tag-manager';

const REMOTES: RemoteName[] = ['mf_auth', 'mf_participant', 'mf_cms'];
const byId = (id: string) => () => document.getElementById(id) as HTMLElement;

/** Runs the gate on a location; answers where to go instead, or null to stay. */
function check(url: URL | Location): string | null {
  const decision = gate(url.pathname, url.search, session.value.user);
  return decision.allow ? null : decision.redirect;
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
  const table = fetchRemoteTable();
  const first = check(window.location);
  if (first) window.history.replaceState(null, '', first);

  const remotes = await table;
  registerRemoteTable(remotes);
  const role = () => session.value.user?.userType ?? null;
  for (const name of REMOTES) {
    registerApplication({
      name,
      app: remoteApplication(name, () => loadLifecycles(name, remotes), byId('page')),
      activeWhen: (location) => remoteFor(location.pathname, role()) === name,
    });
  }
  registerApplication({
    name: 'chrome-header',
    app: () => import('./chrome/header'),
    activeWhen: (location) => Boolean(session.value.user) && hasHeader(location.pathname),
  });
  registerApplication({ name: 'chrome-footer', app: () => import('./chrome/footer'), activeWhen: () => true });
  registerApplication({ name: 'chrome-toaster', app: () => import('./chrome/toaster'), activeWhen: () => true });
  addErrorHandler((error) => console.error('[shell]', error.appOrParcelName, error));

  enforceOnNavigation();
  loadTagManager();
  // Fetch the remote of this page while the gate waits; nothing is rendered before the wait ends.
  const current = remoteFor(window.location.pathname, role());
  loadLifecycles(current, remotes).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, GATE_DELAY_MS));
  start({ urlRerouteOnly: true });
}

void main();
