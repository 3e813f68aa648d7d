// The API's layout (api/src): route files hold no database calls, the kernel imports no module, and no import
// cycle. Each check names the files that break it.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

const root = join(__dirname, '..', '..');
const modulesDir = join(root, 'api', 'src', 'modules');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/**
 * A call on a database handle (`db`, `tx`, `trx`, `deps.db`, `this.db`), its method possibly on the next line:
 * `db.select(`, `tx\n  .insert(`, `db.$count(`, `db.query.users`. `storage.delete(`, `set.delete(` or a
 * variable named `dbName` do not match.
 */
const DB_CALL =
  /(?<![\w$])(?:db|tx|trx)\s*\.\s*(?:select|selectDistinct|selectDistinctOn|insert|update|delete|execute|transaction|\$count|\$with|with|refreshMaterializedView)\s*\(|(?<![\w$])(?:db|tx|trx)\s*\.\s*query\s*\./g;

/** The lines of `text` where a database call starts. */
function databaseCalls(text: string): number[] {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const lines = withoutComments.split('\n').map((line) => line.replace(/(^|[^:])\/\/.*$/, '$1'));
  const code = lines.join('\n');
  return [...code.matchAll(DB_CALL)].map((match) => code.slice(0, match.index).split('\n').length);
}

interface Graph {
  modules: { source: string; dependencies: { resolved: string; circular: boolean; cycle?: { name: string }[] }[] }[];
}

// dependency-cruiser is ESM only: Node runs it, outside Jest's module sandbox.
const CRUISE = `
import { cruise } from 'dependency-cruiser';
const { output } = await cruise(['api/src'], {
  exclude: { path: '\\\\.test\\\\.ts$' },
  doNotFollow: { path: 'node_modules' },
  tsPreCompilationDeps: true,
  parser: 'swc',
});
process.stdout.write(JSON.stringify({ modules: output.modules.map(({ source, dependencies }) => ({
  source,
  dependencies: dependencies.map(({ resolved, circular, cycle }) => ({ resolved, circular, cycle })),
})) }));
`;

let graph: Graph;

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', CRUISE], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  graph = JSON.parse(stdout) as Graph;
}, 60_000);

describe('the layout of api/src', () => {
  it('finds database calls in any shape and leaves innocent names alone', () => {
    const text = [
      'const a = await db.select().from(t);',
      'await deps.db',
      '  .update(t);',
      'await tx.execute(sql`select 1`);',
      'await db.transaction(async (tx) => {});',
      'const n = await db.$count(t);',
      'await storage.delete(key);',
      'cache.update(x); set.delete(y); const dbName = 1; mydb.select(); // db.select( in a comment',
      '/* tx.insert( */ const rows = list(db, query);',
    ].join('\n');
    expect(databaseCalls(text)).toEqual([1, 2, 4, 5, 6]);
  });

  it('keeps database calls out of route files', () => {
    const offenders = filesUnder(modulesDir)
      .filter((file) => file.endsWith('routes.ts'))
      .flatMap((file) => {
        const lines = databaseCalls(readFileSync(file, 'utf8'));
        return lines.length ? [`${relative(root, file)}:${lines.join(',')}`] : [];
      });
    expect(offenders).toEqual([]);
  });

  it('sees the whole of api/src', () => {
    const sources = graph.modules.map((module) => module.source);
    expect(sources).toEqual(expect.arrayContaining(['api/src/app.ts', 'api/src/kernel/uploads.ts']));
    expect(sources.filter((source) => source.startsWith('api/src/modules/')).length).toBeGreaterThan(20);
  });

  it('keeps the kernel free of modules', () => {
    const offenders = graph.modules
      .filter((module) => module.source.startsWith('api/src/kernel/'))
      .flatMap((module) =>
        module.dependencies
          .filter((dependency) => dependency.resolved.startsWith('api/src/modules/'))
          .map((dependency) => `${module.source} -> ${dependency.resolved}`),
      );
    expect(offenders).toEqual([]);
  });

  it('has no import cycle', () => {
    const cycles = graph.modules.flatMap((module) =>
      module.dependencies
        .filter((dependency) => dependency.circular)
        .map((dependency) =>
          [module.source, ...(dependency.cycle ?? []).map((step) => step.name ?? String(step))].join(' -> '),
        ),
    );
    expect(cycles).toEqual([]);
  });
});
