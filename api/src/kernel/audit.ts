import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { auditRecords } from '../db/schema';
import type { Principal } from '../kernel/principal';

export interface AuditInput {
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

// Secrets never enter the audit trail, even as hashes.
const hidden = new Set(['passwordHash', 'password', 'tokenVersion']);

function scrub(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value, (key, inner) => (hidden.has(key) ? undefined : inner)));
}

/** Records who changed what, when, and the record before and after (domain: notifications and audit). */
export async function audit(db: Db, actor: Principal | null, input: AuditInput): Promise<void> {
  await auditMany(db, actor, [input]);
}

/** Several records by one actor in one insert (a batch of the automatic review's decisions). */
export async function auditMany(db: Db, actor: Principal | null, inputs: readonly AuditInput[]): Promise<void> {
  if (inputs.length === 0) return;
  await db.insert(auditRecords).values(
    inputs.map((input) => ({
      actorKind: actor?.role ?? null,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? 'Sistema',
      action: input.action,
      entity: input.entity,
      entityId: input.entityId ?? null,
      before: scrub(input.before),
      after: scrub(input.after),
    })),
  );
}

/** A table whose rows an admin switches on and off by id. */
type Switchable = PgTable & { id: PgColumn; active: PgColumn; updatedAt: PgColumn };

/**
 * Switches one row on or off and records it (`change-status`, the flag before and after), in one transaction;
 * `notFound` when there is no such row. `also` sets more columns with it (a session version to bump).
 */
export async function switchActive(
  db: Db,
  actor: Principal | null,
  target: { table: Switchable; entity: string; notFound: () => Error },
  id: string,
  active: boolean,
  also: Record<string, SQL> = {},
): Promise<void> {
  const { table } = target;
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ active: table.active }).from(table).where(eq(table.id, id));
    if (!before) throw target.notFound();
    await tx
      .update(table)
      .set({ active, updatedAt: new Date(), ...also })
      .where(eq(table.id, id));
    await audit(tx, actor, {
      action: 'change-status',
      entity: target.entity,
      entityId: id,
      before: { active: before.active },
      after: { active },
    });
  });
}

/** A table whose rows carry an id, created by an admin and audited. */
type Creatable = PgTable & { id: PgColumn };

/**
 * Inserts one row and records its creation (`create`, the row as written) in one transaction; answers the row.
 * `refuse` turns the insert's database error (a name already taken) into the caller's own error.
 */
export async function insertAudited<T extends Creatable>(
  db: Db,
  actor: Principal | null,
  target: { table: T; entity: string; refuse?: (error: unknown) => never },
  values: PgInsertValue<T>,
): Promise<T['$inferSelect']> {
  return db.transaction(async (tx) => {
    const insert = tx.insert(target.table).values(values).returning();
    const [row] = (await (target.refuse ? insert.catch(target.refuse) : insert)) as T['$inferSelect'][];
    if (!row) throw new Error(`${target.entity} not created`);
    await audit(tx, actor, { action: 'create', entity: target.entity, entityId: row.id as string, after: row });
    return row;
  });
}

/** A table whose rows an admin edits by id, with the time of their last change. */
type Editable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * Writes changes to one row read before in the caller's transaction (`before`), with its `updatedAt`, and records them
 * (`update`, the row before and after); answers the row as written. `refuse` turns the update's database error (an
 * e-mail or a name already taken) into the caller's own error.
 */
export async function updateAudited<T extends Editable>(
  tx: Db,
  actor: Principal | null,
  target: { table: T; entity: string; refuse?: (error: unknown) => never },
  before: { id: string },
  changes: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | undefined> {
  const { table } = target;
  const update = tx
    .update(table)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(table.id, before.id))
    .returning();
  const [after] = (await (target.refuse ? update.catch(target.refuse) : update)) as T['$inferSelect'][];
  await audit(tx, actor, { action: 'update', entity: target.entity, entityId: before.id, before, after });
  return after;
}
