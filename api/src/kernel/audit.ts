import type { Db } from '../db/client';
import { auditRecords } from '../db/schema';
import type { Principal } from '../plugins/auth';

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
  await db.insert(auditRecords).values({
    actorKind: actor?.role ?? null,
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? 'Sistema',
    action: input.action,
    entity: input.entity,
    entityId: input.entityId ?? null,
    before: scrub(input.before),
    after: scrub(input.after),
  });
}
