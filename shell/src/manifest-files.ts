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

/** A preload of a script, once per URL. */
export function preloadScript(href: string, doc: Document = document): void {
  const preloads = doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
  if ([...preloads].some((link) => link.href === href)) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  doc.head.appendChild(link);
}
