import { gate } from './gate';
import { type ManifestFiles, preloadScript, remoteFiles } from './manifest-files';
import { remoteFor } from './routes';
import { storedUser } from './signed-in';

/**
 * What the page's inline script (boot.ts) starts for the remote that draws its address, before main.js has arrived:
 * the remotes table, that remote's manifest and, once the manifest is read, its entry and exposed chunks. The shell's
 * code then takes the table (fetchRemoteTable) and the federation runtime the manifest (a plugin's fetch), instead
 * of asking for them one after the other once main.js has run.
 */
interface Started {
  table?: Promise<Response>;
  manifest?: Promise<{ url: string; response: Response } | null>;
}

const HANDOFF = '__especificaFirstRemote';
type WithHandoff = Window & { [HANDOFF]?: Started };

export function startFirstRemote(win: Window = window): void {
  const user = storedUser(win.localStorage);
  const decision = gate(win.location.pathname, win.location.search, user);
  const pathname = decision.allow ? win.location.pathname : new URL(decision.redirect, win.location.href).pathname;
  const name = remoteFor(pathname, user?.userType ?? null);
  // The same request as fetchRemoteTable's, so that index.html's preload of the table answers it.
  const table = win.fetch('/remotes.json', { headers: { Accept: 'application/json' } });
  const manifest = table
    .then((response) => (response.ok ? response.clone().json() : null))
    .then(async (remotes: Record<string, unknown> | null) => {
      const entry = remotes?.[name];
      if (typeof entry !== 'string') return null;
      const url = new URL(entry, win.location.href).href;
      const response = await win.fetch(url);
      if (!response.ok) return null;
      for (const file of remoteFiles((await response.clone().json()) as ManifestFiles, url))
        preloadScript(file, win.document);
      return { url, response };
    })
    .catch(() => null);
  (win as WithHandoff)[HANDOFF] = { table, manifest };
}

/** The remotes table's answer the inline script asked for, once; undefined when it did not. */
export function takeStartedTable(win: Window = window): Promise<Response> | undefined {
  const started = (win as WithHandoff)[HANDOFF];
  const table = started?.table;
  if (started) started.table = undefined;
  return table;
}

/** The manifest's answer the inline script asked for, once, if it is the one at `url`; undefined otherwise. */
export async function takeStartedManifest(url: string, win: Window = window): Promise<Response | undefined> {
  const started = (win as WithHandoff)[HANDOFF];
  const manifest = await started?.manifest;
  if (!started || !manifest || manifest.url !== new URL(url, win.location.href).href) return undefined;
  started.manifest = undefined;
  return manifest.response;
}
