import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import Cursor from 'pg-cursor';
import { API_ROOT } from '../paths';
import { queryOf } from './rows';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Driver = 'postgres' | 'pglite';

export interface Database {
  driver: Driver;
  db: Db;
  /** True when this process created the embedded database (the moment to seed the demo data). */
  created: boolean;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /**
   * LISTEN on `channel`: `onMessage` gets each payload, in commit order. `onLost` is called when the connection
   * behind it ends (no message is lost silently): the caller then stops trusting what the messages kept fresh.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: (error: Error) => void): Promise<Listening>;
  /**
   * The rows of `query` in batches of `size` through one cursor, so that PostgreSQL plans (and joins) once for a
   * long read. Each row is an array of its columns' values in the select's order: a million rows make no million
   * keyed objects. Null on PGlite, whose single connection a long read would hold: page by key there.
   */
  readonly cursor: ((query: SQL, size: number) => AsyncGenerator<unknown[][]>) | null;
  /**
   * The rows of `query` as CSV written by PostgreSQL itself (`COPY … TO STDOUT`), in pieces as they arrive, and at the
   * end the number of rows: a million-row file with no value decoded and no cell written in JavaScript. Its lines end
   * in LF, its `quoted` columns are always quoted. Null on PGlite, whose COPY writes a whole file in memory.
   */
  readonly copyCsv: ((query: SQL, options: CopyCsvOptions) => AsyncGenerator<Buffer, number>) | null;
  /** The client underneath, for the job queue (api/src/jobs), which speaks to it without Drizzle. */
  readonly native: { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; pool: pg.Pool };
  close(): Promise<void>;
}

/** The two ways of a long read (an export of a million rows) that PostgreSQL offers and PGlite does not. */
export type LongReads = Pick<Database, 'cursor' | 'copyCsv'>;

export interface CopyCsvOptions {
  delimiter: string;
  /** The columns (by their names in the select) quoted even when nothing in them needs it. */
  quoted: string[];
}

export interface Listening {
  close(): Promise<void>;
}

export const migrationsFolder = path.join(API_ROOT, 'drizzle');

// Any constant shared by the replicas: it serialises their migrations when several start at once.
const MIGRATION_LOCK = 7_314_159;
/** How long closing waits for PostgreSQL connections to end politely before it lets them go. */
const CLOSE_WAIT_MS = 3_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export function fromPglite(client: PGlite, created = false): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    driver: 'pglite',
    db,
    created,
    migrate: async () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: () => ping(db),
    cursor: null,
    copyCsv: null,
    native: { driver: 'pglite', client },
    async listen(channel, onMessage) {
      // One connection: notifications arrive with the results of the statement that committed them.
      const unlisten = await client.listen(channel, onMessage);
      return { close: () => (client.closed ? Promise.resolve() : unlisten()) };
    },
    close: () => client.close(),
  };
}

export function fromPgPool(pool: pg.Pool): Database {
  const native = drizzlePg(pool, { schema });
  const db = native as unknown as Db;
  return {
    driver: 'postgres',
    db,
    created: false,
    async migrate() {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(native, { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        lock.release();
      }
    },
    ping: () => ping(db),
    cursor: (query, size) => readThroughCursor(pool, query, size),
    copyCsv: (query, options) => readThroughCopy(pool, query, options),
    native: { driver: 'postgres', pool },
    async listen(channel, onMessage, onLost) {
      // A connection of its own, outside the pool: LISTEN holds it for the life of the process.
      const client = new pg.Client(pool.options);
      let closing = false;
      const lost = (error: Error) => {
        if (!closing) onLost(error);
      };
      client.on('error', lost);
      client.on('end', () => lost(new Error('listening connection ended')));
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      // Ends the connection without waiting forever: pg's end() never settles on a socket that already died.
      const end = async () => {
        closing = true;
        const ended = client.end().then(
          () => true,
          () => true,
        );
        if (!(await Promise.race([ended, sleep(CLOSE_WAIT_MS).then(() => false)]))) {
          (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
        }
      };
      try {
        await client.connect();
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        // A failed attempt is over here: its later 'end' must not report a second loss (and start a second retry).
        await end();
        throw error;
      }
      return { close: end };
    },
    // A client never given back (its server died mid-query) would hold pool.end() forever, and a replica told to
    // stop would never exit.
    close: () => Promise.race([pool.end(), sleep(CLOSE_WAIT_MS)]).then(() => undefined),
  };
}

/** A parameter as a literal in the query's text, escaped by pg itself (as its type unknown, like a parameter's). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return pg.escapeLiteral(String(value));
  }
  throw new TypeError(`no literal for a parameter of type ${typeof value}`);
}

// A quoted literal or identifier (kept as it is), or a parameter's placeholder.
const PLACEHOLDER = /'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g;

/** The query's text with its parameters written in: COPY takes a statement with no parameters. */
export function inlined(query: SQL): string {
  const { sql: text, params } = queryOf(query);
  return text.replace(PLACEHOLDER, (match, index?: string) => (index ? literal(params[Number(index) - 1]) : match));
}

/**
 * A connection for a long read. A long read is a plain join and sort: PostgreSQL's JIT spent some 0.3 s compiling the
 * export of a million rows before its first row and won nothing back while they streamed. Off for this connection
 * while it reads (the reader resets it).
 */
async function longReadClient(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect();
  try {
    await client.query('set jit = off');
    return client;
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
}

async function* readThroughCopy(pool: pg.Pool, query: SQL, options: CopyCsvOptions): AsyncGenerator<Buffer, number> {
  const quoted = options.quoted.map((name) => pg.escapeIdentifier(name)).join(', ');
  const text = `copy (${inlined(query)}) to stdout with (format csv, delimiter ${pg.escapeLiteral(options.delimiter)}${
    quoted ? `, force_quote (${quoted})` : ''
  })`;
  const client = await longReadClient(pool);
  const stream = client.query(copyTo(text));
  let ended = false;
  let broken: Error | undefined;
  try {
    for await (const chunk of stream) yield chunk as Buffer;
    ended = true;
    return stream.rowCount;
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    if (!ended) {
      // A reader that stopped early (a client gone away) leaves the COPY sending on this connection: it is closed,
      // never handed to the next request, and PostgreSQL ends the statement when it can no longer write.
      stream.destroy();
      client.release(broken ?? new Error('copy stopped before its end'));
    } else {
      await client.query('reset jit').catch((error) => (broken = error as Error));
      client.release(broken);
    }
  }
}

async function* readThroughCursor(pool: pg.Pool, query: SQL, size: number) {
  const { sql: text, params } = queryOf(query);
  const client = await longReadClient(pool);
  const cursor = client.query(new Cursor<unknown[]>(text, params, { rowMode: 'array' }));
  let broken: Error | undefined;
  // PostgreSQL reads the next batch while the caller handles this one.
  let pending = cursor.read(size);
  try {
    for (;;) {
      const rows = await pending;
      if (rows.length === 0) return;
      pending = cursor.read(size);
      pending.catch(() => {});
      yield rows;
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A reader that stopped early (a client gone away) leaves one read in flight: let it land, then close.
    await pending.catch((error) => {
      broken ??= error as Error;
    });
    await cursor.close().catch((error) => {
      broken ??= error as Error;
    });
    if (!broken) await client.query('reset jit').catch((error) => (broken = error as Error));
    // A connection that failed mid-read is not handed to the next request.
    client.release(broken);
  }
}

/** The extensions the migrations create, loaded into every embedded PGlite (tests too). */
export const pgliteExtensions = { pg_trgm, unaccent };

/** PostgreSQL when a URL is given, else the embedded PGlite in `${dataDir}/pglite` (created on first use). */
export async function openDatabase(
  options: { databaseUrl: string | null; dataDir: string },
  onPoolError: (error: Error) => void = () => undefined,
): Promise<Database> {
  if (options.databaseUrl) {
    // Without a connect timeout a request would wait forever for a server that is away instead of answering 503.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle client losing its connection emits here; unhandled, it would end the process.
    pool.on('error', onPoolError);
    // A checked-out client (a transaction between statements, an export's cursor) emits on itself instead, and the
    // pool listens only while a client is idle: without this a database restart would end the process. The query
    // in flight, if any, fails on its own and the client is discarded when it is released with that error.
    pool.on('connect', (client) => client.on('error', onPoolError));
    return fromPgPool(pool);
  }
  const dir = path.join(options.dataDir, 'pglite');
  const created = !existsSync(path.join(dir, 'PG_VERSION'));
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: pgliteExtensions });
  return fromPglite(client, created);
}
