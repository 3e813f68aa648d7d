// How the API process is started, by `npm start`, the benchmarks and `npm run scale:check` alike
// (docker/api.Dockerfile repeats it): `await buildApi()`, then `node ...apiNodeArgs`.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A capped old generation makes V8 collect garbage before the heap grows: streaming a million-row export stays near
 * 230 MB of resident memory instead of 350 MB and more, for about a tenth more time.
 */
export const API_HEAP_MB = 200;

/** The API as the process runs it: one CommonJS file, below api/ as api/src is (api/src/paths.ts). */
export const apiBundle = path.join(root, 'api', 'dist', 'server.js');

/**
 * `--experimental-async-context-frame` (the default from Node 24): the request's context (its id, carried into the jobs
 * it sends) follows each await without a promise hook on every promise; the dashboard under load answered about a tenth
 * more requests with it, six rounds side by side.
 */
export const apiNodeArgs = [`--max-old-space-size=${API_HEAP_MB}`, '--experimental-async-context-frame', apiBundle];

/**
 * Bundles api/src into api/dist/server.js with esbuild: the contracts of mf-shared (TypeScript source) inside, every
 * other package left to node_modules (native addons, WebAssembly files read beside their code). Compiled JavaScript
 * spares the process tsx's loader, a thread of its own and the source of every file: about 40 MB of resident memory
 * at rest (docs/deployment.md). It takes well under a second, so it runs at each start and never lags the source.
 * Servers started side by side (the journeys' workers) each write the same bytes, by an atomic rename.
 */
export async function buildApi() {
  const result = await build({
    entryPoints: [path.join(root, 'api', 'src', 'server.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    packages: 'external',
    plugins: [
      {
        name: 'workspace-contracts',
        setup(builder) {
          builder.onResolve({ filter: /^@especifica\/mf-shared\/contracts$/ }, () => ({
            path: path.join(root, 'mf-shared', 'src', 'contracts', 'index.ts'),
          }));
        },
      },
    ],
    logLevel: 'warning',
    write: false,
    outfile: apiBundle,
  });
  mkdirSync(path.dirname(apiBundle), { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}
