// Builds what a team would release with a newer mf-shared: a copy of mf-shared one minor version up with one more
// kit export, and a bundle (a remote or the shell) built against it. The journeys serve these beside the deployed
// bundles, so nothing here changes the repository's own builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const work = path.join(root, 'e2e', '.variants');

/** mf-shared's version as the deployed bundles were built, and the next minor one that a release would carry. */
export const CURRENT_VERSION: string = JSON.parse(
  readFileSync(path.join(root, 'mf-shared', 'package.json'), 'utf8'),
).version;
const [major, minor] = CURRENT_VERSION.split('.').map(Number);
export const NEXT_VERSION = `${major}.${(minor ?? 0) + 1}.0`;

/** mf-shared with the next minor version and a new kit export, `ReleaseProbe`, that older shells do not have. */
export function nextSharedCopy(): string {
  const dir = path.join(work, 'mf-shared');
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(root, 'mf-shared'), dir, {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}node_modules`),
  });
  if (existsSync(path.join(root, 'mf-shared', 'node_modules')))
    symlinkSync(path.join(root, 'mf-shared', 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const pkgFile = path.join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  writeFileSync(pkgFile, JSON.stringify({ ...pkg, version: NEXT_VERSION }, null, 2));
  writeFileSync(
    path.join(dir, 'src', 'kit', 'release-probe.tsx'),
    `export function ReleaseProbe() {\n  return <span data-testid="kit-release">${NEXT_VERSION}</span>;\n}\n`,
  );
  const index = path.join(dir, 'src', 'kit', 'index.ts');
  writeFileSync(index, `${readFileSync(index, 'utf8')}export { ReleaseProbe } from './release-probe';\n`);
  return dir;
}

/** A digest of the given files and every file under the given folders (node_modules and builds left out). */
function digest(paths: string[]): string {
  const hash = createHash('sha1');
  // What the build reads from the environment (scripts/webpack/config.cjs) makes another bundle too.
  hash.update(
    JSON.stringify(['CHAT_URL', 'GTM_ID', 'SAMPLES_KIT_URL', 'REMOTE_OVERRIDE_HOSTS'].map((name) => process.env[name])),
  );
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) hash.update(file).update(readFileSync(file));
    }
  };
  for (const file of paths) {
    if (!existsSync(file)) continue;
    if (statSync(file).isDirectory()) walk(file);
    else hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex');
}

/**
 * Builds one bundle (`shell` or a remote folder) against the mf-shared copy in `sharedDir`, into `e2e/.variants/<as>`
 * (the bundle's name by default). `patch` may edit the copied sources first. The build is kept: the same sources,
 * mf-shared and build scripts give the same bundle, so a second run answers the kept one without building. Answers
 * the folder of the built files.
 */
export function buildAgainst(
  bundle: string,
  sharedDir: string,
  patch?: (srcDir: string) => void,
  as: string = bundle,
): string {
  const dir = path.join(work, as);
  const dist = path.join(dir, 'dist');
  const keyFile = path.join(work, `${as}.build-key`);
  for (const entry of existsSync(dir) ? readdirSync(dir) : [])
    if (entry !== 'dist') rmSync(path.join(dir, entry), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of ['src', 'public', 'package.json', 'tsconfig.json']) {
    const from = path.join(root, bundle, entry);
    if (existsSync(from)) cpSync(from, path.join(dir, entry), { recursive: true });
  }
  // The copy lives elsewhere: its requires of the repository's build scripts point at them by absolute path.
  const config = readFileSync(path.join(root, bundle, 'webpack.config.js'), 'utf8').replace(
    /require\('\.\.\/scripts\/([^']+)'\)/g,
    (_match, file: string) => `require(${JSON.stringify(path.join(root, 'scripts', file))})`,
  );
  writeFileSync(path.join(dir, 'webpack.config.js'), config);
  patch?.(path.join(dir, 'src'));
  const key = digest([
    dir,
    path.join(sharedDir, 'src'),
    path.join(sharedDir, 'package.json'),
    path.join(root, 'scripts', 'webpack'),
  ]);
  if (existsSync(path.join(dist, 'mf-manifest.json')) && existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key)
    return dist;
  rmSync(keyFile, { force: true });
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'),
      '--mode',
      'production',
      '--config',
      path.join(dir, 'webpack.config.js'),
    ],
    { cwd: dir, env: { ...process.env, MF_SHARED_DIR: sharedDir }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`building ${bundle} failed:\n${result.stdout}\n${result.stderr}`);
  writeFileSync(keyFile, key);
  return dist;
}

/** Which versions of a shared package the page has loaded, from the federation runtime's own share map. */
export const loadedVersionsScript = () => {
  const share = (
    globalThis as unknown as {
      __FEDERATION__: {
        __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>>;
      };
    }
  ).__FEDERATION__.__SHARE__;
  const loaded: Record<string, string[]> = {};
  for (const scopes of Object.values(share))
    for (const packages of Object.values(scopes))
      for (const [name, versions] of Object.entries(packages))
        for (const [version, info] of Object.entries(versions))
          if (info.loaded) loaded[name] = [...new Set([...(loaded[name] ?? []), `${version}@${info.from}`])];
  return loaded;
};
