import type { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { fail } from '../kernel/errors';
import { readCsv } from './csv-reader';

export interface RowError {
  line: number;
  reason: string;
}

export interface ImportResult {
  created: number;
  updated: number;
  /** Rows left out because of an error (only with skip-bad-rows). */
  skipped: number;
  errors: RowError[];
  errorCount: number;
}

export interface ImportSpec<T> {
  /** Header keys (see headerKey) that must be present; each maps the accepted spellings to one name. */
  columns: Record<string, { aliases: string[]; required: boolean }>;
  /** A row's values by column name, to a record or a pt-BR reason. */
  parse(values: Record<string, string>): { value: T } | { error: string };
  /** Rows with one key are one record: in a batch the last wins. */
  key(value: T): string;
  upsert(tx: Db, batch: T[]): Promise<{ created: number; updated: number }>;
}

/**
 * A batch written as one `insert … on conflict … do update` per group, answering how many rows it created and
 * updated: `write(rows, status)` runs the statement, ending in `returning (xmax = 0) as created` (a row it inserted
 * has no xmax; one it updated keeps the lock the update took). The statement's `excluded` row cannot tell a status
 * left blank (keep the record's) from one given, since the insert needs a value: `status` is `excluded.active` for
 * the rows that give one and null for the others, to be read as `active = coalesce(${status}, <table>.active)`.
 */
export async function upsertByStatus<T extends { active: boolean | null }>(
  batch: T[],
  write: (rows: T[], status: SQL) => Promise<unknown>,
): Promise<{ created: number; updated: number }> {
  const counts = { created: 0, updated: 0 };
  const groups: [T[], SQL][] = [
    [batch.filter((row) => row.active !== null), sql`excluded.active`],
    [batch.filter((row) => row.active === null), sql`null::boolean`],
  ];
  for (const [rows, status] of groups) {
    if (rows.length === 0) continue;
    for (const row of rowsOf<{ created: boolean }>(await write(rows, status))) {
      if (row.created) counts.created += 1;
      else counts.updated += 1;
    }
  }
  return counts;
}

const BATCH = 1000;
// An answer lists this many bad rows at most; errorCount says how many there were.
const LISTED_ERRORS = 500;

class Rollback extends Error {}

/** What an import done by a job adds to it (modules/tasks): its progress, and its own writes in the transaction. */
export interface ImportHooks {
  /** Rows read so far; called every batch. */
  progress?(rows: number): void;
  /** First in the transaction (the task's row is locked there). */
  begin?(tx: Db): Promise<void>;
  /** Last in the transaction, with the result: the rows and what the hook writes commit together. */
  commit?(tx: Db, result: ImportResult): Promise<void>;
}

/**
 * Streams a CSV into upserts, one transaction for the whole file: a bad row rolls everything back (answering 422
 * with every bad row's line and reason) unless `skipBadRows`, which imports the good ones and lists the rest.
 */
export async function importCsv<T>(
  db: Db,
  input: Readable,
  spec: ImportSpec<T>,
  skipBadRows: boolean,
  hooks: ImportHooks = {},
): Promise<ImportResult> {
  const result: ImportResult = { created: 0, updated: 0, skipped: 0, errors: [], errorCount: 0 };
  try {
    await db.transaction(async (tx) => {
      await hooks.begin?.(tx);
      let read = 0;
      let batch = new Map<string, T>();
      const flush = async () => {
        if (batch.size === 0) return;
        const counts = await spec.upsert(tx, [...batch.values()]);
        result.created += counts.created;
        result.updated += counts.updated;
        batch = new Map();
      };
      let columnsChecked = false;
      for await (const row of readCsv(input)) {
        read += 1;
        if (read % BATCH === 0) hooks.progress?.(read);
        if (!columnsChecked) {
          checkColumns(spec, Object.keys(row.values));
          columnsChecked = true;
        }
        const parsed = spec.parse(valuesByColumn(spec, row.values));
        if ('error' in parsed) {
          result.errorCount += 1;
          if (result.errors.length < LISTED_ERRORS) result.errors.push({ line: row.line, reason: parsed.error });
          continue;
        }
        // Once a row has failed without skip-bad-rows nothing will be kept: only look for more bad rows.
        if (result.errorCount > 0 && !skipBadRows) continue;
        batch.set(spec.key(parsed.value), parsed.value);
        if (batch.size >= BATCH) await flush();
      }
      if (!columnsChecked) {
        throw fail.badRequest('O arquivo só tem o cabeçalho: não há linhas para importar.', 'csv-no-rows');
      }
      if (result.errorCount > 0 && !skipBadRows) throw new Rollback();
      await flush();
      hooks.progress?.(read);
      result.skipped = result.errorCount;
      await hooks.commit?.(tx, result);
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    throw fail.invalid(
      `${result.errorCount === 1 ? 'Uma linha tem' : `${result.errorCount} linhas têm`} erro: nada foi importado. Corrija o arquivo ou importe ignorando as linhas com erro.`,
      'import-invalid',
      { errors: result.errors, errorCount: result.errorCount },
    );
  }
  result.skipped = result.errorCount;
  return result;
}

function checkColumns<T>(spec: ImportSpec<T>, present: string[]) {
  const have = new Set(present);
  const missing = Object.entries(spec.columns)
    .filter(([, column]) => column.required && !column.aliases.some((alias) => have.has(alias)))
    .map(([name]) => name);
  if (missing.length > 0) {
    throw fail.badRequest(`O arquivo precisa das colunas: ${missing.join(', ')}.`, 'csv-missing-columns', {
      missing,
    });
  }
}

function valuesByColumn<T>(spec: ImportSpec<T>, values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, column] of Object.entries(spec.columns)) {
    for (const alias of column.aliases) {
      const value = values[alias];
      if (value !== undefined) {
        out[name] = value;
        break;
      }
    }
  }
  return out;
}
