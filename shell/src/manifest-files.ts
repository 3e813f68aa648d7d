// What the page asks for as soon as a remote's mf-manifest.json is read: by the federation runtime's plugin
// (remotes.ts) and by the page's inline script (first-remote.ts), which must not carry the runtime itself.

/** The parts of a remote's mf-manifest.json read here. */
export interface ManifestFiles {
  metaData: { remoteEntry: { name: string; path: string }; publicPath?: string };
  exposes: { assets: { js: { sync: string[] } } }[];
}

/** The remote's entry and its exposed modules' own chunks, as absolute URLs (files are relative to the manifest). */
export function remoteFiles(manifest: ManifestFiles, manifestUrl: string): string[] {
  const base = new URL(manifestUrl, window.location.href);
  const entry = manifest.metaData.remoteEntry;
  const exposed = manifest.exposes.flatMap((module) => module.assets.js.sync);
  return [entry.path ? `${entry.path.replace(/\/?$/, '/')}${entry.name}` : entry.name, ...exposed].map(
    (file) => new URL(file, base).href,
  );
}

/** A preload of a script, once per URL; `low` for one the first paint does not need. */
export function preloadScript(href: string, doc: Document = document, priority?: 'low'): void {
  const url = new URL(href, doc.baseURI).href;
  const preloads = doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
  if ([...preloads].some((link) => link.href === url)) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  if (priority) link.fetchPriority = priority;
  doc.head.appendChild(link);
}
