import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  HISTORY_FILE,
  incompatibilities,
  list,
  type Manifest,
  publish,
  REMOTES_FILE,
  ReleaseError,
  rollback,
  type SharedEntry,
  satisfies,
  use,
} from '../../scripts/releases/releases';
import type { Database } from '../src/db/client';
import { startTestApp, type TestApp } from './support/app';
import { createTestDatabase } from './support/database';

const root = path.resolve(__dirname, '../..');
const singleton = (name: string, version: string, requiredVersion = `^${version}`): SharedEntry => ({
  name,
  version,
  requiredVersion,
  singleton: true,
});
const SHELL: Manifest = {
  name: 'shell',
  shared: [
    singleton('react', '19.3.1'),
    singleton('@especifica/mf-shared', '1.0.0'),
    { name: '@especifica/mf-shared/ui', version: '1.0.0', requiredVersion: '1.0.0', singleton: true },
  ],
};
const remoteManifest = (version: string, shared: SharedEntry[] = SHELL.shared): Manifest => ({
  name: 'mf_participant',
  metaData: { buildInfo: { buildVersion: version } },
  shared,
});
const INITIAL = {
  mf_auth: '/remotes/mf_auth/0.1.0/mf-manifest.json',
  mf_participant: '/remotes/mf_participant/0.1.0/mf-manifest.json',
};

function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** A built remote's folder: its manifest and one chunk that says which build it is. */
function buildFolder(manifest: Manifest, mark = manifest.metaData?.buildInfo?.buildVersion ?? ''): string {
  const dir = tempDir('especifica-build-');
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var mf_participant = ${JSON.stringify(mark)};`);
  return dir;
}

describe('version ranges', () => {
  it.each([
    ['19.3.1', '^19.3.1', true],
    ['19.9.0', '^19.3.1', true],
    ['20.0.0', '^19.3.1', false],
    ['19.3.0', '^19.3.1', false],
    ['0.2.5', '^0.2.3', true],
    ['0.3.0', '^0.2.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['1.0.0', '1.0.0', true],
    ['1.1.0', '1.0.0', false],
    ['2.4.0', '>=1.2.0 <3.0.0', true],
    ['3.0.0', '>=1.2.0 <3.0.0', false],
    ['18.2.0', '^17.0.0 || ^18.0.0', true],
    ['5.0.0', '*', true],
    ['1.4.0', '1.x', true],
  ])('%s in %s is %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe("the check of a remote's singletons against the shell's", () => {
  it('accepts a remote built with the same singletons, whatever its library version', () => {
    const remote = remoteManifest('0.2.0', [
      singleton('react', '19.4.0', '^19.0.0'),
      singleton('@especifica/mf-shared', '1.0.0'),
      // Manifests mark the library entries as singletons too; a module brings its own library all the same.
      { name: '@especifica/mf-shared/ui', version: '1.1.0', requiredVersion: '1.1.0', singleton: true },
    ]);
    expect(incompatibilities(remote, SHELL)).toEqual([]);
  });

  it('says which singleton and which versions disagree', () => {
    const remote = remoteManifest('0.3.0', [singleton('react', '20.0.0'), singleton('@especifica/mf-shared', '2.0.0')]);
    expect(incompatibilities(remote, SHELL, 'mf_participant 0.3.0')).toEqual([
      'mf_participant 0.3.0 exige react ^20.0.0, mas o shell fornece react 19.3.1.',
      'mf_participant 0.3.0 foi construído com react 20.0.0, fora da faixa ^19.3.1 que o shell aceita.',
      'mf_participant 0.3.0 exige @especifica/mf-shared ^2.0.0, mas o shell fornece @especifica/mf-shared 1.0.0.',
      'mf_participant 0.3.0 foi construído com @especifica/mf-shared 2.0.0, fora da faixa ^1.0.0 que o shell aceita.',
    ]);
  });

  it('refuses a singleton the shell does not share', () => {
    const remote = remoteManifest('0.3.0', [...SHELL.shared, singleton('zustand', '5.0.0')]);
    expect(incompatibilities(remote, SHELL, 'mf_participant 0.3.0')).toEqual([
      'mf_participant 0.3.0 usa zustand como singleton, mas o shell não o compartilha.',
    ]);
  });
});

describe('the releases folder', () => {
  let dir: string;
  const builds: string[] = [];
  const folder = (manifest: Manifest) => {
    const built = buildFolder(manifest);
    builds.push(built);
    return built;
  };
  const readTable = () => JSON.parse(readFileSync(path.join(dir, REMOTES_FILE), 'utf8')) as Record<string, string>;
  beforeEach(() => {
    dir = tempDir('especifica-releases-');
  });
  afterEach(() => {
    for (const built of [dir, ...builds.splice(0)]) rmSync(built, { recursive: true, force: true });
  });

  it('publishes a version once; publishing it again is refused and changes nothing; older versions stay', () => {
    publish({ dir, from: folder(remoteManifest('0.1.0')), name: 'mf_participant', version: '0.1.0' });
    publish({ dir, from: folder(remoteManifest('0.2.0')), name: 'mf_participant', version: '0.2.0' });
    const again = folder(remoteManifest('0.2.0', []));
    writeFileSync(path.join(again, 'remoteEntry.js'), 'var mf_participant = "outro build";');
    expect(() => publish({ dir, from: again, name: 'mf_participant', version: '0.2.0' })).toThrow(
      new ReleaseError(
        'mf_participant 0.2.0 já foi publicada e uma versão publicada não muda. Aumente a versão no package.json do remoto e publique de novo.',
      ),
    );
    expect(readFileSync(path.join(dir, 'mf_participant/0.2.0/remoteEntry.js'), 'utf8')).toContain('"0.2.0"');
    expect(readFileSync(path.join(dir, 'mf_participant/0.1.0/remoteEntry.js'), 'utf8')).toContain('"0.1.0"');
    expect(list({ dir }, INITIAL)).toEqual([
      { name: 'mf_auth', versions: [], current: INITIAL.mf_auth },
      { name: 'mf_participant', versions: ['0.1.0', '0.2.0'], current: INITIAL.mf_participant },
    ]);
  });

  it('refuses a folder that holds another remote', () => {
    const other = folder({ ...remoteManifest('0.1.0'), name: 'mf_cms' });
    expect(() => publish({ dir, from: other, name: 'mf_participant', version: '0.1.0' })).toThrow(
      /contém o remoto mf_cms, não mf_participant/,
    );
    expect(existsSync(path.join(dir, 'mf_participant', '0.1.0'))).toBe(false);
  });

  it('switches versions, keeps the others, and rolls back one switch at a time', () => {
    for (const version of ['0.2.0', '0.3.0'])
      publish({ dir, from: folder(remoteManifest(version)), name: 'mf_participant', version });
    const options = { dir, name: 'mf_participant', shell: SHELL, initial: INITIAL };
    // The version already running: pinned in the folder, nothing to roll back to.
    publish({ dir, from: folder(remoteManifest('0.1.0')), name: 'mf_participant', version: '0.1.0' });
    use({ ...options, version: '0.1.0' });
    expect(readTable()).toEqual(INITIAL);
    expect(JSON.parse(readFileSync(path.join(dir, HISTORY_FILE), 'utf8'))).toEqual({});
    expect(use({ ...options, version: '0.2.0' })).toBe(INITIAL.mf_participant);
    expect(readTable()).toEqual({ ...INITIAL, mf_participant: '/remotes/mf_participant/0.2.0/mf-manifest.json' });
    use({ ...options, version: '0.3.0' });
    expect(readTable().mf_participant).toBe('/remotes/mf_participant/0.3.0/mf-manifest.json');

    expect(rollback({ dir, name: 'mf_participant', initial: INITIAL })).toBe(
      '/remotes/mf_participant/0.2.0/mf-manifest.json',
    );
    expect(rollback({ dir, name: 'mf_participant', initial: INITIAL })).toBe(INITIAL.mf_participant);
    expect(readTable()).toEqual(INITIAL);
    expect(() => rollback({ dir, name: 'mf_participant', initial: INITIAL })).toThrow(
      'mf_participant não tem versão anterior para voltar.',
    );
    expect(JSON.parse(readFileSync(path.join(dir, HISTORY_FILE), 'utf8'))).toEqual({ mf_participant: [] });
  });

  it('refuses an incompatible version with a sentence and leaves remotes.json as it was', () => {
    publish({ dir, from: folder(remoteManifest('0.2.0')), name: 'mf_participant', version: '0.2.0' });
    const broken = remoteManifest('0.3.0', [singleton('react', '20.0.0', '^20.0.0')]);
    publish({ dir, from: folder(broken), name: 'mf_participant', version: '0.3.0' });
    const options = { dir, name: 'mf_participant', shell: SHELL, initial: INITIAL };
    use({ ...options, version: '0.2.0' });
    const before = readFileSync(path.join(dir, REMOTES_FILE), 'utf8');
    expect(() => use({ ...options, version: '0.3.0' })).toThrow(
      'mf_participant 0.3.0 é incompatível com o shell em uso e não foi ativada: mf_participant 0.3.0 exige react ^20.0.0, mas o shell fornece react 19.3.1. mf_participant 0.3.0 foi construído com react 20.0.0, fora da faixa ^19.3.1 que o shell aceita.',
    );
    expect(readFileSync(path.join(dir, REMOTES_FILE), 'utf8')).toBe(before);
    expect(() => use({ ...options, version: '0.9.0' })).toThrow(
      'mf_participant 0.9.0 não foi publicada. Versões publicadas: 0.2.0, 0.3.0.',
    );
  });

  it('the commands print the refusal and exit with 1', () => {
    const bad = folder(remoteManifest('0.3.0', [singleton('react', '20.0.0', '^20.0.0')]));
    publish({ dir, from: bad, name: 'mf_participant', version: '0.3.0' });
    const shellDir = folder({ ...SHELL });
    const run = (script: string, args: string[], cwd = root) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/releases', script), ...args], {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, RELEASES_DIR: dir, SHELL_MANIFEST: path.join(shellDir, 'mf-manifest.json') },
      });
    const refused = run('remotes.ts', ['use', 'mf_participant', '0.3.0']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('incompatível com o shell em uso');
    expect(existsSync(path.join(dir, REMOTES_FILE))).toBe(false);

    const again = run('release.ts', ['--dist', bad], path.join(root, 'mf-participant'));
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('mf_participant 0.3.0 já foi publicada');
  }, 60_000);
});

describe('a running server and the releases folder', () => {
  let webDir: string;
  let database: Database;
  let t: TestApp;
  beforeAll(async () => {
    webDir = tempDir('especifica-web-');
    for (const [file, content] of Object.entries({
      'shell/index.html': '<!doctype html><title>Especifica</title>',
      'remotes/mf_participant/0.1.0/mf-manifest.json': '{"name":"mf_participant","build":"0.1.0"}',
      'releases/mf_participant/0.2.0/mf-manifest.json': JSON.stringify(remoteManifest('0.2.0')),
      'remotes.json': JSON.stringify(INITIAL),
    })) {
      mkdirSync(path.dirname(path.join(webDir, file)), { recursive: true });
      writeFileSync(path.join(webDir, file), content);
    }
    database = await createTestDatabase('pglite');
    t = await startTestApp('pglite', { database, seed: false, config: { webDir } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    rmSync(webDir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves a switch and a rollback of remotes.json on the next request, with a new ETag each time', async () => {
    const first = await get('/remotes.json');
    expect(first.json()).toEqual(INITIAL);
    const releases = path.join(webDir, 'releases');
    publish({ dir: releases, from: buildFolder(remoteManifest('0.3.0')), name: 'mf_participant', version: '0.3.0' });
    use({ dir: releases, name: 'mf_participant', version: '0.2.0', shell: SHELL, initial: INITIAL });

    const switched = await get('/remotes.json', { 'if-none-match': String(first.headers.etag) });
    expect(switched.statusCode).toBe(200);
    expect(switched.headers['cache-control']).toBe('no-cache');
    expect(switched.json()).toEqual({ ...INITIAL, mf_participant: '/remotes/mf_participant/0.2.0/mf-manifest.json' });
    expect(switched.headers.etag).not.toBe(first.headers.etag);
    expect((await get('/remotes.json', { 'if-none-match': String(switched.headers.etag) })).statusCode).toBe(304);

    rollback({ dir: releases, name: 'mf_participant', initial: INITIAL });
    const back = await get('/remotes.json', { 'if-none-match': String(switched.headers.etag) });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual(INITIAL);
  });

  it('keeps answering the last good table while remotes.json is broken', async () => {
    const file = path.join(webDir, 'releases', REMOTES_FILE);
    writeFileSync(file, JSON.stringify({ mf_participant: '/remotes/mf_participant/0.3.0/mf-manifest.json' }));
    expect((await get('/remotes.json')).json()).toEqual({
      mf_participant: '/remotes/mf_participant/0.3.0/mf-manifest.json',
    });
    writeFileSync(file, '{ "mf_participant": ');
    expect((await get('/remotes.json')).json()).toEqual({
      mf_participant: '/remotes/mf_participant/0.3.0/mf-manifest.json',
    });
  });

  it('serves published versions from the releases folder beside the built ones', async () => {
    const released = await get('/remotes/mf_participant/0.2.0/mf-manifest.json');
    expect(released.statusCode).toBe(200);
    expect(released.headers['cache-control']).toBe('no-cache');
    expect(released.json()).toEqual(remoteManifest('0.2.0'));
    expect((await get('/remotes/mf_participant/0.1.0/mf-manifest.json')).json()).toEqual({
      name: 'mf_participant',
      build: '0.1.0',
    });
    expect((await get('/remotes/mf_participant/0.9.0/mf-manifest.json')).statusCode).toBe(404);
  });
});
