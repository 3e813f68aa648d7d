import { i18n } from '@especifica/mf-shared';
import { REMOTE_OVERRIDE_HOSTS } from './config';
import { plain } from './remote-app';
import type { RemoteTable } from './remotes';

/** `localStorage.setItem('mf-override:mf_participant', 'http://localhost:3002/mf-manifest.json')`, like import-map-overrides. */
export const OVERRIDE_PREFIX = 'mf-override:';

/** Whether the page's host is on the allow-list (`localhost` by default; REMOTE_OVERRIDE_HOSTS at build time). */
export function overridesAllowed(hostname: string, allowed: readonly string[] = REMOTE_OVERRIDE_HOSTS): boolean {
  return allowed.includes(hostname);
}

/** The remote URLs a developer set in this browser; none when the page's host is not allowed to take them. */
export function readOverrides(storage: Storage, hostname: string, allowed?: readonly string[]): RemoteTable {
  if (!overridesAllowed(hostname, allowed)) return {};
  const overrides: RemoteTable = {};
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    const url = key?.startsWith(OVERRIDE_PREFIX) ? storage.getItem(key) : null;
    if (key && url) overrides[key.slice(OVERRIDE_PREFIX.length)] = url;
  }
  return overrides;
}

export function clearOverrides(storage: Storage): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
  for (const key of keys) if (key?.startsWith(OVERRIDE_PREFIX)) storage.removeItem(key);
}

/** A bar at the bottom of the page, in plain DOM, while an override is active: nobody forgets one is on. */
export function showOverrideBanner(overrides: RemoteTable, onClear: () => void): HTMLElement {
  const bar = plain(
    'div',
    'position:fixed;left:0;right:0;bottom:0;z-index:2147483647;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:center;padding:8px 16px;background:#ffd23f;color:#14161a;font:600 14px/1.4 system-ui,sans-serif;box-shadow:0 -1px 3px rgba(0,0,0,.2)',
  );
  bar.setAttribute('role', 'status');
  bar.dataset.testid = 'remote-override-banner';
  const list = Object.entries(overrides)
    .map(([name, url]) => `${name} → ${url}`)
    .join('; ');
  const text = plain('span', 'overflow-wrap:anywhere', i18n.t('remote.overrideActive', { list }));
  const button = plain(
    'button',
    'background:#14161a;color:#fff;border:0;border-radius:5px;padding:6px 12px;font:inherit;cursor:pointer',
    i18n.t('remote.overrideClear'),
  );
  button.type = 'button';
  button.addEventListener('click', onClear);
  bar.append(text, button);
  document.body.append(bar);
  // The page can still scroll its footer out from under the bar.
  document.body.style.paddingBottom = `${bar.offsetHeight}px`;
  return bar;
}
