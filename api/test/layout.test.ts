// The API's layout (api/src), as docs/api.md draws it: route files hold no database calls; a module is used from
// outside only through its index.ts; the kernel and db/ import no module; no import runs from a lower layer up to
// a higher one; and no import cycle. Each check names the files that break it.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * The layers of api/src, lowest first: a file may import its own layer and the layers below it, never one above.
 * The entry points (the app, its routes, the server and the command-line job) come first: they would otherwise
 * fall in their folder's layer.
 */
const LAYERS: { name: string; path: RegExp }[] = [
  { name: 'domain', path: /^api\/src\/(domain\/|config\.ts$|paths\.ts$)/ },
  { name: 'db', path: /^api\/src\/db\// },
  { name: 'platform', path: /^api\/src\/(kernel|http|security|storage|cache|mail|files|jobs)\// },
  { name: 'modules', path: /^api\/src\/modules\// },
  { name: 'demo', path: /^api\/src\/demo\// },
  { name: 'entry', path: /^api\/src\/(app|routes|server|web)\.ts$|^api\/src\/jobs\/expire-points\.ts$/ },
];

/** The rank of a file's layer (its index in LAYERS), or -1 when no layer holds it. */
function layerOf(source: string): number {
  const entry = LAYERS.findIndex((layer) => layer.name === 'entry');
  if (LAYERS[entry]?.path.test(source)) return entry;
  return LAYERS.findIndex((layer) => layer.path.test(source));
}

/** The module a file belongs to (`api/src/modules/<name>/…`), or null. */
const moduleOf = (source: string): string | null => /^api\/src\/modules\/([^/]+)\//.exec(source)?.[1] ?? null;

/** The imports in `graph` that run from a lower layer up to a higher one, as "importer -> imported". */
function importsRunningUp(graph: Graph): string[] {
  return graph.modules.flatMap((module) =>
    module.dependencies
      .filter((dependency) => dependency.resolved.startsWith('api/src/'))
      .filter((dependency) => layerOf(dependency.resolved) > layerOf(module.source))
      .map((dependency) => `${module.source} -> ${dependency.resolved}`),
  );
}

/** The imports of a module's file other than its index.ts from outside that module, as "importer -> imported". */
function importsOfInternals(graph: Graph): string[] {
  return graph.modules.flatMap((module) =>
    module.dependencies
      .filter((dependency) => {
        const target = moduleOf(dependency.resolved);
        return (
          target !== null &&
          target !== moduleOf(module.source) &&
          dependency.resolved !== `api/src/modules/${target}/index.ts`
        );
      })
      .map((dependency) => `${module.source} -> ${dependency.resolved}`),
  );
}

/** The imports from files under `folder` of any module, as "importer -> imported". */
const moduleImportsFrom = (graph: Graph, folder: string): string[] =>
  graph.modules
    .filter((module) => module.source.startsWith(folder))
    .flatMap((module) =>
      module.dependencies
        .filter((dependency) => moduleOf(dependency.resolved) !== null)
        .map((dependency) => `${module.source} -> ${dependency.resolved}`),
    );

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
    expect(moduleImportsFrom(graph, 'api/src/kernel/')).toEqual([]);
  });

  it('keeps db/ free of modules', () => {
    expect(moduleImportsFrom(graph, 'api/src/db/')).toEqual([]);
  });

  it('gives every module an index.ts', () => {
    const without = readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !existsSync(join(modulesDir, entry.name, 'index.ts')))
      .map((entry) => `api/src/modules/${entry.name}`);
    expect(without).toEqual([]);
  });

  it('reaches a module from outside only through its index.ts', () => {
    expect(importsOfInternals(graph)).toEqual([]);
  });

  it('puts every file in a layer', () => {
    const unplaced = graph.modules
      .map((module) => module.source)
      .filter((source) => source.startsWith('api/src/') && layerOf(source) < 0);
    expect(unplaced).toEqual([]);
  });

  it('has no import that runs up from a lower layer to a higher one', () => {
    expect(importsRunningUp(graph)).toEqual([]);
  });

  it("tells an import that runs up, and one of a module's internals, from the allowed ones", () => {
    const sample: Graph = {
      modules: [
        {
          source: 'api/src/db/seed.ts',
          dependencies: [
            { resolved: 'api/src/modules/ledger/index.ts', circular: false },
            { resolved: 'api/src/domain/cnpj.ts', circular: false },
          ],
        },
        {
          source: 'api/src/modules/invoices/service.ts',
          dependencies: [
            { resolved: 'api/src/modules/ledger/service.ts', circular: false },
            { resolved: 'api/src/modules/ledger/index.ts', circular: false },
            { resolved: 'api/src/modules/invoices/queries.ts', circular: false },
            { resolved: 'api/src/kernel/errors.ts', circular: false },
          ],
        },
        {
          source: 'api/src/jobs/expire-points.ts',
          dependencies: [{ resolved: 'api/src/modules/ledger/index.ts', circular: false }],
        },
      ],
    };
    expect(importsRunningUp(sample)).toEqual(['api/src/db/seed.ts -> api/src/modules/ledger/index.ts']);
    expect(importsOfInternals(sample)).toEqual([
      'api/src/modules/invoices/service.ts -> api/src/modules/ledger/service.ts',
    ]);
    expect(moduleImportsFrom(sample, 'api/src/db/')).toEqual(['api/src/db/seed.ts -> api/src/modules/ledger/index.ts']);
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
