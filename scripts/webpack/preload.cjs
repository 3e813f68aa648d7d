// Preload hints in the shell's index.html for the code every first screen runs, so that the browser fetches
// it in parallel with main.js instead of discovering it one level at a time (main.js, then the bootstrap
// chunk, then each shared singleton it consumes, then the chrome that renders on every page).
const path = require('node:path');
const esbuild = require('esbuild');
const HtmlWebpackPlugin = require('html-webpack-plugin');

/** The meta tag that lists, for the page's inline script, the code of a signed-in person's first screen (shell/src/signed-in.ts, which names it too). */
const SIGNED_IN_META = 'signed-in-preload';

class FirstScreenPreloadPlugin {
  /**
   * @param {{ imports: string[], shared: string[], signedIn?: { imports: string[], shared: string[], boot: string } }} options
   * `imports`: the `import()` requests that every first screen runs (the async boundary, the chrome that is always
   * mounted); `shared`: share keys that every remote consumes at mount although the shell's own first screen may
   * not. `signedIn`: the same for the code only a signed-in person's first screen runs (the header and the UI kit
   * it draws with); a public page does not download it, so it is not preloaded by the page itself but listed in a
   * meta tag, which `boot` (a module of the shell, bundled and written inline at the end of the head, so that it runs
   * while the page is parsed rather than once main.js has downloaded) turns into preloads when a session is stored.
   * `signedIn.worker`: a module bundled into a file of its own, named by its content's hash, whose URL the boot
   * script reads as `__INTL_WORKER__` (shell/src/intl-worker.ts, which it starts).
   */
  constructor(options) {
    this.imports = new Set(options.imports);
    this.shared = new Set(options.shared);
    this.signedIn = options.signedIn && {
      imports: new Set(options.signedIn.imports),
      shared: new Set(options.signedIn.shared),
      boot: options.signedIn.boot,
      worker: options.signedIn.worker,
    };
  }

  /** A module as one minified script, and the constants it reads. */
  static bundle(entry, define = {}) {
    const result = esbuild.buildSync({
      entryPoints: [entry],
      bundle: true,
      format: 'iife',
      minify: true,
      target: 'es2020',
      write: false,
      legalComments: 'none',
      define,
    });
    return result.outputFiles[0].text.trim();
  }

  /** The boot module as one script; the server allows it by its hash, so its text is all that counts. */
  bootScript(workerUrl) {
    return FirstScreenPreloadPlugin.bundle(this.signedIn.boot, { __INTL_WORKER__: JSON.stringify(workerUrl) });
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FirstScreenPreloadPlugin', (compilation) => {
      let workerFile;
      if (this.signedIn?.worker) {
        compilation.hooks.processAssets.tap(
          { name: 'FirstScreenPreloadPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            const code = FirstScreenPreloadPlugin.bundle(this.signedIn.worker);
            const hash = compiler.webpack.util.createHash(compilation.outputOptions.hashFunction);
            hash.update(code);
            const name = path.basename(this.signedIn.worker).replace(/\.[jt]s$/, '');
            workerFile = `${name}.${hash.digest('hex').slice(0, 8)}.js`;
            compilation.emitAsset(workerFile, new compiler.webpack.sources.RawSource(code));
            compilation.fileDependencies.add(this.signedIn.worker);
          },
        );
      }
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('FirstScreenPreloadPlugin', (data) => {
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '/', {});
        // main.js first in the head (deferred as before), so that its request leaves before the preloads.
        const entries = data.bodyTags.filter((tag) => tag.tagName === 'script');
        data.bodyTags = data.bodyTags.filter((tag) => !entries.includes(tag));
        // Low priority: fetched at once, yet not taken for render-blocking scripts (they run after main.js);
        // Lighthouse's simulation would otherwise count each of them before the first paint.
        const first = this.files(compilation, this.imports, this.shared);
        if (this.signedIn) {
          const firstSet = new Set(first);
          const later = this.files(compilation, this.signedIn.imports, this.signedIn.shared).filter(
            (file) => !firstSet.has(file),
          );
          data.headTags.push(
            HtmlWebpackPlugin.createHtmlTagObject('meta', {
              name: SIGNED_IN_META,
              content: later.map((file) => publicPath + file).join(' '),
            }),
          );
        }
        data.headTags.push(
          ...entries,
          ...first.map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: publicPath + file,
              fetchpriority: 'low',
            }),
          ),
        );
        // Last in the head, so that the page's own requests (main.js, the preloads above) leave before the ones the
        // script makes: the browser has six connections to the server, and React, the largest file, should not wait.
        if (this.signedIn) {
          const script = this.bootScript(workerFile ? publicPath + workerFile : '');
          data.headTags.push(HtmlWebpackPlugin.createHtmlTagObject('script', {}, script));
        }
        return data;
      });
    });
  }

  /**
   * The JavaScript files of the chosen import() groups and of every shared module they consume, transitively.
   * A shared module the shell provides loads from the shell's provide chunks (not the consumer's fallback),
   * so those are the ones preloaded.
   */
  files(compilation, wantedImports, wantedShared) {
    const consumed = (group) => group.origins.find((o) => o.module?.type === 'consume-shared-module')?.module;
    const provided = new Map();
    for (const group of compilation.chunkGroups) {
      const origin = group.origins.find((o) => o.module?.type === 'provide-module');
      if (origin) provided.set(origin.module._name, group);
    }
    const imports = compilation.chunkGroups.filter((g) => g.origins.some((o) => wantedImports.has(o.request)));
    const keys = new Set(wantedShared);
    const seen = new Set();
    const visit = (group) => {
      if (seen.has(group)) return;
      seen.add(group);
      for (const child of group.getChildren()) {
        const module = consumed(child);
        if (!module) continue;
        keys.add(module.options.shareKey);
        visit(child);
      }
    };
    for (const group of imports) visit(group);
    for (const key of keys) {
      const group = provided.get(key);
      if (group) visit(group);
    }
    const chosen = [...imports, ...[...keys].map((key) => provided.get(key)).filter(Boolean)];
    // Shared modules the shell does not provide still load from the consumers' fallback chunks.
    for (const group of seen)
      if (consumed(group) && !provided.has(consumed(group).options.shareKey)) chosen.push(group);
    const files = [];
    for (const group of chosen)
      for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.push(file);
    return [...new Set(files)];
  }
}

module.exports = { FirstScreenPreloadPlugin };
