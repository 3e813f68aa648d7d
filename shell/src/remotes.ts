import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';

/** remotes.json: remote name -> URL of its mf-manifest.json. The only place that says which version runs. */
export type RemoteTable = Record<string, string>;

export async function fetchRemoteTable(url = '/remotes.json'): Promise<RemoteTable> {
  try {
    const response = await fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const table = (await response.json()) as unknown;
    if (typeof table !== 'object' || table === null) throw new Error('remotes.json is not an object');
    return Object.fromEntries(
      Object.entries(table).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch (error) {
    console.error('[shell] remotes.json could not be read', error);
    return {};
  }
}

export function registerRemoteTable(table: RemoteTable, force = false): void {
  registerRemotes(
    Object.entries(table).map(([name, entry]) => ({ name, entry })),
    { force },
  );
}

/** Loads a remote's single-spa lifecycles, trying once more (with its cache cleared) before giving up. */
export async function loadLifecycles(name: string, table: RemoteTable): Promise<LifeCycles> {
  if (!table[name]) throw new Error(`remotes.json has no entry for ${name}`);
  try {
    return await loadOnce(name);
  } catch {
    registerRemoteTable({ [name]: table[name] }, true);
    return loadOnce(name);
  }
}

async function loadOnce(name: string): Promise<LifeCycles> {
  const module = await loadRemote<LifeCycles>(`${name}/app`);
  if (!module || typeof module.mount !== 'function') throw new Error(`${name}/app has no single-spa lifecycles`);
  return module;
}
