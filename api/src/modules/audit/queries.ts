import type { AuditQuery } from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, getTableColumns, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditRecords } from '../../db/schema';
import { batches, type ExportSheet } from '../../files/export';
import { saoPauloTimeCell } from '../../files/sao-paulo';
import { listPage } from '../../kernel/list';
import { searchAny } from '../../kernel/search';

const DAY = 24 * 60 * 60 * 1000;
const BATCH = 5_000;
const startOf = (day: string) => new Date(`${day}T00:00:00-03:00`);

/** Who (part of the name), what (the entity, and one record of it) and when (days in Brasília time, both included). */
export function auditFilters(query: Pick<AuditQuery, 'entity' | 'entityId' | 'search' | 'from' | 'to'>) {
  return and(
    query.entity ? eq(auditRecords.entity, query.entity) : undefined,
    query.entityId ? eq(auditRecords.entityId, query.entityId) : undefined,
    searchAny(query.search, [auditRecords.actorName]),
    query.from ? gte(auditRecords.createdAt, startOf(query.from)) : undefined,
    query.to ? lt(auditRecords.createdAt, new Date(startOf(query.to).getTime() + DAY)) : undefined,
  );
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Every matching record, newest first, read in keyset batches: the file is never capped. */
export function auditSheet(db: Db, where: SQL | undefined): ExportSheet {
  // created_at as text keeps its microseconds: a Date would round them and skip records of the same millisecond.
  const columns = { ...getTableColumns(auditRecords), key: sql<string>`${auditRecords.createdAt}::text` };
  type Row = typeof auditRecords.$inferSelect & { key: string };
  return {
    name: 'Auditoria',
    columns: ['Quando', 'Quem', 'Perfil', 'Ação', 'O quê', 'Registro', 'Antes', 'Depois'],
    rows: batches<Row, { key: string; id: string }>(
      (after) =>
        db
          .select(columns)
          .from(auditRecords)
          .where(
            and(
              where,
              after
                ? sql`(${auditRecords.createdAt}, ${auditRecords.id}) < (${after.key}::timestamptz, ${after.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(desc(auditRecords.createdAt), desc(auditRecords.id))
          .limit(BATCH),
      (row) => ({ key: row.key, id: row.id }),
      (row) => [
        saoPauloTimeCell(row.createdAt),
        row.actorName,
        row.actorKind,
        row.action,
        row.entity,
        row.entityId,
        json(row.before),
        json(row.after),
      ],
    ),
  };
}

/** A page of the audit trail, newest first. */
export function auditPage(db: Db, where: SQL | undefined, query: AuditQuery) {
  return listPage(
    query,
    {
      rows: db.select().from(auditRecords).$dynamic(),
      count: db.select({ total: count() }).from(auditRecords).$dynamic(),
      where: [where],
      order: [desc(auditRecords.createdAt), desc(auditRecords.id)],
      sortable: { createdAt: auditRecords.createdAt, entity: auditRecords.entity, action: auditRecords.action },
      id: auditRecords.id,
    },
    (row) => ({ ...row, createdAt: row.createdAt.toISOString() }),
  );
}
