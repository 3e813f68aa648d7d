import { loadRemote, type ModuleFederationRuntimePlugin, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import { takeStartedManifest, takeStartedTable } from './first-remote';
import { type ManifestFiles, preloadScript, remoteFiles } from './manifest-files';

/** remotes.json: remote name -> URL of its mf-manifest.json. The only place that says which version runs. */
export type RemoteTable = Record<string, string>;

export async function fetchRemoteTable(url = '/remotes.json'): Promise<RemoteTable> {
  try {
    // No cache option: the server makes the browser revalidate the table, and index.html's preload of it (same
    // mode and credentials as this request) is only used when the request matches it.
    // The page's inline script may have asked for it already (first-remote.ts).
    const response =
      (url === '/remotes.json' ? await takeStartedTable() : undefined) ??
      (await fetch(url, { headers: { Accept: 'application/json' } }));
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

/**
 * As soon as a remote's manifest is here, its exposed module's chunks are fetched beside its entry rather than after
 * the entry has run, and so is a shared module that only the remote provides (the shell provides every library
 * entry, so in practice that is a remote built against another mf-shared). The manifest the page's inline script
 * already asked for is taken rather than asked for again.
 */
export const preloadRemoteShared: ModuleFederationRuntimePlugin = {
  name: 'especifica-preload-remote-shared',
  fetch(url) {
    return takeStartedManifest(url).then((response) => response ?? fetch(url));
  },
  loadRemoteSnapshot(args) {
    const { manifestJson, manifestUrl, options } = args;
    if (!manifestJson || !manifestUrl) return args;
    const base = new URL(manifestUrl, window.location.href);
    for (const file of remoteFiles(manifestJson as unknown as ManifestFiles, manifestUrl)) preloadScript(file);
    for (const shared of manifestJson.shared) {
      if (options.shared[shared.name]) continue;
      // The manifest names the provider's chunk and the consumer's copy of it (same content hash): one is enough.
      const hashes = new Set<string>();
      for (const file of shared.assets.js.sync) {
        const hash = /\.([0-9a-f]{8})\.js$/.exec(file)?.[1] ?? file;
        if (hashes.has(hash)) continue;
        hashes.add(hash);
        preloadScript(new URL(file, base).href);
      }
    }
    return args;
  },
};

export function registerRemoteTable(table: RemoteTable, force = false): void {
  registerRemotes(
    Object.entries(table).map(([name, entry]) => ({ name, entry })),
    { force },
  );
}

/** A remote's `app` module: its single-spa lifecycles and, if it has one, the preload of the screen at an address. */
export type RemoteApp = LifeCycles & { preload?: (pathname: string) => void };

/** Loads a remote's single-spa lifecycles, trying once more (with its cache cleared) before giving up. */
export async function loadLifecycles(name: string, table: RemoteTable): Promise<RemoteApp> {
  if (!table[name]) throw new Error(`remotes.json has no entry for ${name}`);
  try {
    return await loadAppModule(name);
  } catch {
    registerRemoteTable({ [name]: table[name] }, true);
    return loadAppModule(name);
  }
}

async function loadAppModule(name: string): Promise<RemoteApp> {
  const module = await loadRemote<RemoteApp>(`${name}/app`);
  if (!module || typeof module.mount !== 'function') throw new Error(`${name}/app has no single-spa lifecycles`);
  return module;
}

/**
 * The remotes' URLs as this page knows them. Before an area is mounted, the table is read again (a revalidation the
 * server answers with a 304 while nothing changed; the first mount uses the table read at start): when ops switched
 * that remote's version, it is registered anew with the federation runtime, so the area mounts the new version with
 * no reload. Developer overrides win.
 */
export class RemoteRegistry {
  private readAtStart = true;
  constructor(
    public readonly table: RemoteTable,
    private readonly overrides: RemoteTable = {},
    private readonly read: () => Promise<RemoteTable> = fetchRemoteTable,
  ) {
    Object.assign(this.table, overrides);
  }

  /** Answers whether `name` now points elsewhere (and was registered again). */
  async refresh(name: string): Promise<boolean> {
    if (this.readAtStart) {
      this.readAtStart = false;
      return false;
    }
    if (this.overrides[name]) return false;
    const url = (await this.read())[name];
    if (!url || url === this.table[name]) return false;
    this.table[name] = url;
    // The old version's chunks sit in webpack's chunk list under the remote's name; the new entry must start a list
    // of its own, or it would take the old chunks (same ids) for its own.
    delete (window as unknown as Record<string, unknown>)[`webpackChunk${name}`];
    registerRemoteTable({ [name]: url }, true);
    return true;
  }
}
