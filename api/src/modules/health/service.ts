import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, migrationsFolder } from '../../db/client';

let expected: number | undefined;

/** The migrations this build carries (drizzle's journal), read once. */
function expectedMigrations(): number {
  expected ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
  ).entries.length;
  return expected;
}

/** How many of this build's migrations the database has applied (drizzle's own table); null when it cannot say. */
export async function migrationsState(database: Database): Promise<{ applied: number; expected: number } | null> {
  try {
    const result = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const rows = (result as unknown as { rows: { n: number }[] }).rows;
    return { applied: Number(rows[0]?.n ?? 0), expected: expectedMigrations() };
  } catch {
    return null;
  }
}
