// Releases of the remotes: each version published once under RELEASES_DIR/<remote>/<version>/, and the folder's
// remotes.json saying which one runs. The commands `npm run release -w <remote>` and `npm run remotes` are thin
// wrappers around these functions.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const REMOTES_FILE = 'remotes.json';
/** remote name -> the manifest URLs it ran before, most recent last: what `rollback` goes back to. */
export const HISTORY_FILE = 'remotes-history.json';

export type RemoteTable = Record<string, string>;
export type History = Record<string, string[]>;

/** A refusal meant for the person at the terminal: the message says what to do. */
export class ReleaseError extends Error {}

export interface SharedEntry {
  name: string;
  version: string;
  requiredVersion?: string | false;
  singleton?: boolean;
}
export interface Manifest {
  name: string;
  metaData?: { buildInfo?: { buildVersion?: string } };
  shared: SharedEntry[];
}

export function readManifest(file: string): Manifest {
  if (!existsSync(file)) throw new ReleaseError(`O manifesto ${file} não existe.`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new ReleaseError(`O manifesto ${file} não é um JSON válido.`);
  }
  if (typeof manifest.name !== 'string' || !Array.isArray(manifest.shared))
    throw new ReleaseError(`O manifesto ${file} não tem "name" e "shared".`);
  return manifest;
}

// ---- Version ranges: the forms a federation manifest uses (^, ~, exact, comparisons, x, *, ||, spaces as "and").

type Triple = [number, number, number];

function parse(version: string): Triple | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: Triple, b: Triple): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}

function comparatorHolds(version: Triple, comparator: string): boolean {
  if (comparator === '*' || comparator === '' || comparator === 'x') return true;
  const match = /^(\^|~|>=|<=|>|<|=)?\s*v?(\d+|x|\*)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?/.exec(comparator);
  if (!match) return false;
  const op = match[1] ?? '=';
  const parts = [match[2], match[3], match[4]].map((part) =>
    part === undefined || part === 'x' || part === '*' ? null : Number(part),
  );
  const base = parts.map((part) => part ?? 0) as Triple;
  const wild = parts.indexOf(null);
  const c = compare(version, base);
  if (op === '>=') return c >= 0;
  if (op === '>') return c > 0;
  if (op === '<=') return c <= 0;
  if (op === '<') return c < 0;
  let upper: Triple;
  if (op === '^') {
    const [major, minor, patch] = base;
    if (major > 0 || parts[1] === null) upper = [major + 1, 0, 0];
    else if (minor > 0 || parts[2] === null) upper = [0, minor + 1, 0];
    else upper = [0, 0, patch + 1];
  } else {
    // `~1.2.3`, `1.2.x` and `~1.2` stay below 1.3.0; `~1`, `1.x` below 2.0.0; an exact version is itself.
    if (op === '=' && wild === -1) return c === 0;
    upper = wild === 0 ? [Infinity, 0, 0] : wild === 1 ? [base[0] + 1, 0, 0] : [base[0], base[1] + 1, 0];
  }
  return c >= 0 && compare(version, upper) < 0;
}

/** Whether `version` is inside `range` (npm's range syntax, without prereleases). */
export function satisfies(version: string, range: string): boolean {
  const parsed = parse(version);
  if (!parsed) return false;
  return range.split('||').some((set) =>
    set
      .trim()
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => comparatorHolds(parsed, comparator)),
  );
}

// ---- The check before a switch.

/**
 * mf-shared's versioned library entries (`/ui`, `/kit`, …; shell/src/library.ts): each module may bring its own, so
 * they never make a remote incompatible, although manifests mark every shared entry as a singleton.
 */
export const LIBRARY_ENTRY = /^@especifica\/mf-shared\/[a-z-]+$/;

/**
 * Sentences (pt-BR) saying why a remote cannot run beside the shell, or none. What must agree are the singletons:
 * the shell loads first, so a remote gets the shell's copy of each, and that copy must be inside the range the
 * remote was built for (and the remote's inside the shell's). A singleton the shell does not share at all would
 * give the page a second copy. The versioned library entries are not checked: a module brings its own.
 */
export function incompatibilities(remote: Manifest, shell: Manifest, label = remote.name): string[] {
  const problems: string[] = [];
  const shellShared = new Map(shell.shared.map((entry) => [entry.name, entry]));
  const seen = new Set<string>();
  for (const entry of remote.shared) {
    if (!entry.singleton || LIBRARY_ENTRY.test(entry.name) || seen.has(entry.name)) continue;
    seen.add(entry.name);
    const host = shellShared.get(entry.name);
    if (!host) {
      problems.push(`${label} usa ${entry.name} como singleton, mas o shell não o compartilha.`);
      continue;
    }
    if (!host.singleton) problems.push(`${label} usa ${entry.name} como singleton, mas no shell ele não é singleton.`);
    if (typeof entry.requiredVersion === 'string' && !satisfies(host.version, entry.requiredVersion))
      problems.push(
        `${label} exige ${entry.name} ${entry.requiredVersion}, mas o shell fornece ${entry.name} ${host.version}.`,
      );
    if (typeof host.requiredVersion === 'string' && !satisfies(entry.version, host.requiredVersion))
      problems.push(
        `${label} foi construído com ${entry.name} ${entry.version}, fora da faixa ${host.requiredVersion} que o shell aceita.`,
      );
  }
  return problems;
}

// ---- The releases folder.

export interface ReleasesOptions {
  /** The releases folder. */
  dir: string;
  /** How browsers reach the folder: `/remotes` when it is served at /remotes/, or an object store's address. */
  baseUrl?: string;
}

export const manifestUrl = (options: ReleasesOptions, name: string, version: string) =>
  `${(options.baseUrl ?? '/remotes').replace(/\/$/, '')}/${name}/${version}/mf-manifest.json`;

const versionFolder = (dir: string, name: string, version: string) => path.join(dir, name, version);

/** Copies a built remote into `<dir>/<name>/<version>/`, never over a published version. Answers the folder. */
export function publish(options: ReleasesOptions & { from: string; name: string; version: string }): string {
  const { dir, from, name, version } = options;
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new ReleaseError(`"${name}" não é um nome de remoto válido.`);
  if (!parse(version)) throw new ReleaseError(`"${version}" não é uma versão válida (use x.y.z).`);
  const target = versionFolder(dir, name, version);
  if (existsSync(target))
    throw new ReleaseError(
      `${name} ${version} já foi publicada e uma versão publicada não muda. Aumente a versão no package.json do remoto e publique de novo.`,
    );
  const manifest = readManifest(path.join(from, 'mf-manifest.json'));
  if (manifest.name !== name) throw new ReleaseError(`A pasta ${from} contém o remoto ${manifest.name}, não ${name}.`);
  // Copied beside the target and renamed into place, so that a half-copied version is never served.
  const partial = path.join(dir, name, `.${version}.partial`);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(path.dirname(partial), { recursive: true });
  cpSync(from, partial, { recursive: true, dereference: true });
  renameSync(partial, target);
  return target;
}

/** The published versions of a remote, oldest first. */
export function versionsOf(dir: string, name: string): string[] {
  const folder = path.join(dir, name);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((entry) => parse(entry) && existsSync(path.join(folder, entry, 'mf-manifest.json')))
    .sort((a, b) => compare(parse(a) as Triple, parse(b) as Triple));
}

function readJson<T>(file: string, fallback: T): T {
  if (!existsSync(file)) return fallback;
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** Written beside and renamed over: a server reading the file never sees half of it. */
function writeJson(file: string, value: unknown): void {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(partial, file);
}

export interface State {
  table: RemoteTable;
  history: History;
}

/** The folder's remotes.json, or `initial` (what runs before the folder has one) when it has none yet. */
export function readState(dir: string, initial: RemoteTable): State {
  return {
    table: readJson<RemoteTable>(path.join(dir, REMOTES_FILE), { ...initial }),
    history: readJson<History>(path.join(dir, HISTORY_FILE), {}),
  };
}

function writeState(dir: string, state: State): void {
  mkdirSync(dir, { recursive: true });
  writeJson(path.join(dir, HISTORY_FILE), state.history);
  writeJson(path.join(dir, REMOTES_FILE), state.table);
}

export interface Listing {
  name: string;
  versions: string[];
  current: string | null;
}

export function list(options: ReleasesOptions, initial: RemoteTable): Listing[] {
  const { table } = readState(options.dir, initial);
  const names = new Set([
    ...Object.keys(table),
    ...(existsSync(options.dir)
      ? readdirSync(options.dir, { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
          .map((entry) => entry.name)
      : []),
  ]);
  return [...names]
    .sort()
    .map((name) => ({ name, versions: versionsOf(options.dir, name), current: table[name] ?? null }));
}

/**
 * Switches a remote to a published version after checking it against the shell's manifest. Answers the URL that
 * ran before.
 */
export function use(
  options: ReleasesOptions & { name: string; version: string; shell: Manifest; initial: RemoteTable },
): string | null {
  const { dir, name, version, shell, initial } = options;
  const published = versionsOf(dir, name);
  if (!published.includes(version))
    throw new ReleaseError(
      published.length
        ? `${name} ${version} não foi publicada. Versões publicadas: ${published.join(', ')}.`
        : `${name} não tem versões publicadas em ${dir}. Publique com npm run release.`,
    );
  const remote = readManifest(path.join(versionFolder(dir, name, version), 'mf-manifest.json'));
  const problems = incompatibilities(remote, shell, `${name} ${version}`);
  if (problems.length)
    throw new ReleaseError(
      `${name} ${version} é incompatível com o shell em uso e não foi ativada: ${problems.join(' ')}`,
    );
  const state = readState(dir, initial);
  const url = manifestUrl(options, name, version);
  const before = state.table[name] ?? null;
  // Choosing the version that runs changes nothing but pins it in the folder's remotes.json.
  if (before && before !== url) state.history[name] = [...(state.history[name] ?? []), before];
  state.table[name] = url;
  writeState(dir, state);
  return before;
}

/** Goes back to the version that ran before the last switch. Answers the URL now in use. */
export function rollback(options: ReleasesOptions & { name: string; initial: RemoteTable }): string {
  const { dir, name, initial } = options;
  const state = readState(dir, initial);
  const previous = state.history[name]?.at(-1);
  if (!previous) throw new ReleaseError(`${name} não tem versão anterior para voltar.`);
  state.history[name] = (state.history[name] ?? []).slice(0, -1);
  state.table[name] = previous;
  writeState(dir, state);
  return previous;
}
