import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, fromPglite, fromPgPool, migrationsFolder } from '../../src/db/client';
import { outerPGlite, outerPgliteExtensions } from './outer-modules';

export type TestDriver = Database['driver'];

/** PGlite always; PostgreSQL too when DATABASE_URL names a server (each suite gets its own database there). */
export const testDrivers: TestDriver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

function migrationsKey(): string {
  const hash = createHash('sha256');
  // A saved data folder only loads into the PGlite version that wrote it (the api pins it exactly).
  const apiPackage = JSON.parse(readFileSync(path.join(migrationsFolder, '..', 'package.json'), 'utf8'));
  hash.update(String(apiPackage.dependencies['@electric-sql/pglite']));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<Blob> | undefined;

/**
 * A fresh PGlite costs about 3 s to create and migrate, loading a saved one about 0.7 s: the migrated database is
 * saved once under the temporary folder, keyed by the migrations, and every suite (in any worker) loads a copy.
 */
async function migratedTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `especifica-pglite-${migrationsKey()}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const client = await outerPGlite().create({ extensions: outerPgliteExtensions() });
  await fromPglite(client).migrate();
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

async function pgliteDatabase(): Promise<Database> {
  template ??= migratedTemplate();
  const client = await outerPGlite().create({ loadDataDir: await template, extensions: outerPgliteExtensions() });
  return fromPglite(client);
}

const withServer = async <T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

let postgresTemplate: Promise<string> | undefined;

/**
 * Migrating a new PostgreSQL database costs seconds, copying a migrated one as a template a fraction of that: the
 * migrated database is made once on the server, named by the migrations (so a change of them makes another), and
 * every suite (in any worker, under an advisory lock) creates its own database from it.
 */
function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplate ??= withServer(serverUrl, async (admin) => {
    const name = `especifica_test_template_${migrationsKey()}`;
    const lock = Number.parseInt(migrationsKey().slice(0, 7), 16);
    await admin.query('select pg_advisory_lock($1)', [lock]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      // Made under another name and renamed once migrated: a template that exists is always complete.
      const partial = `${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${partial}`);
      // Two connections: migrate() holds one for its lock while the migrations run on the other.
      const pool = new pg.Pool({ connectionString: databaseUrl(serverUrl, partial), max: 2 });
      try {
        await fromPgPool(pool).migrate();
      } catch (error) {
        await pool.end();
        await admin.query(`drop database if exists ${partial} with (force)`);
        throw error;
      }
      await pool.end();
      await admin.query(`alter database ${partial} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [lock]);
    }
  });
  return postgresTemplate;
}

async function postgresDatabase(serverUrl: string): Promise<Database> {
  const template = await migratedPostgresTemplate(serverUrl);
  const name = `especifica_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withServer(serverUrl, (admin) => admin.query(`create database ${name} template ${template}`));

  const pool = new pg.Pool({ connectionString: databaseUrl(serverUrl, name), max: 4 });
  // An idle connection that the server ends (the drop below, or a restart) must not crash the test process.
  pool.on('error', () => undefined);
  const database = fromPgPool(pool);
  return {
    ...database,
    async close() {
      await database.close();
      await withServer(serverUrl, (dropper) => dropper.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A migrated, empty database of its own; close() disposes of it (and drops it on PostgreSQL). */
export function createTestDatabase(driver: TestDriver): Promise<Database> {
  if (driver === 'pglite') return pgliteDatabase();
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is needed to test on PostgreSQL.');
  return postgresDatabase(url);
}
