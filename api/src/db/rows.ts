import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

// db.execute() answers differently on the two drivers: node-postgres has rowCount, PGlite affectedRows.

export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export function affectedRows(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? 0;
}

/**
 * A column named with its table, for correlated subqueries: Drizzle leaves columns unqualified when a query reads
 * one table, and inside a subquery an unqualified "id" would be the subquery's own.
 */
export function outer(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

const dialect = new PgDialect();

/** The text and parameters that a query sends, for a driver that takes them apart (a cursor) or a cache key. */
export function queryOf(query: SQL): { sql: string; params: unknown[] } {
  return dialect.sqlToQuery(query);
}
