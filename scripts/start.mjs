// npm start: builds the bundles that are missing, lays them out as they are deployed, and starts the API
// that serves /api, the shell at /, each remote at /remotes/<name>/<version>/ and /remotes.json. The releases
// folder (RELEASES_DIR, ./releases by default) is served beside the built bundles: a version published there with
// `npm run release` and switched with `npm run remotes -- use` is served at once, with no restart.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiNodeArgs, buildApi } from './api-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundles = [
  { dir: 'shell', marker: 'index.html' },
  { dir: 'mf-auth', remote: 'mf_auth', marker: 'mf-manifest.json' },
  { dir: 'mf-participant', remote: 'mf_participant', marker: 'mf-manifest.json' },
  { dir: 'mf-cms', remote: 'mf_cms', marker: 'mf-manifest.json' },
];

for (const bundle of bundles) {
  if (existsSync(path.join(root, bundle.dir, 'dist', bundle.marker))) continue;
  console.log(`Construindo ${bundle.dir}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', bundle.dir], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The layout is made anew at each start, in WEB_LAYOUT_DIR (./.web by default): servers started side by side, as the
// browser journeys start one per worker, each lay out their own.
const web = path.resolve(process.env.WEB_LAYOUT_DIR || path.join(root, '.web'));
rmSync(web, { recursive: true, force: true });
mkdirSync(path.join(web, 'remotes'), { recursive: true });
symlinkSync(path.join(root, 'shell', 'dist'), path.join(web, 'shell'), 'dir');
const table = {};
for (const bundle of bundles.filter((b) => b.remote)) {
  const { version } = JSON.parse(readFileSync(path.join(root, bundle.dir, 'package.json'), 'utf8'));
  mkdirSync(path.join(web, 'remotes', bundle.remote), { recursive: true });
  symlinkSync(path.join(root, bundle.dir, 'dist'), path.join(web, 'remotes', bundle.remote, version), 'dir');
  table[bundle.remote] = `/remotes/${bundle.remote}/${version}/mf-manifest.json`;
}
writeFileSync(path.join(web, 'remotes.json'), `${JSON.stringify(table, null, 2)}\n`);
const releases = path.resolve(process.env.RELEASES_DIR || path.join(root, 'releases'));
mkdirSync(releases, { recursive: true });
symlinkSync(releases, path.join(web, 'releases'), 'dir');

await buildApi();
const server = spawn(process.execPath, apiNodeArgs, {
  cwd: root,
  stdio: 'inherit',
  env: { WEB_DIR: web, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
// Started by a test runner over an IPC channel: the server ends with the runner, even one that was killed.
process.on('disconnect', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
