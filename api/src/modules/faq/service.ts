import { type CreateFaqBody, faqMessages } from '@especifica/mf-shared/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faqEntries } from '../../db/schema';
import { audit, insertAudited } from '../../kernel/audit';
import { fail, isUniqueViolation } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';

/** A second question with the same text is a 409 with the field named, not a database error. */
const duplicate = (error: unknown) =>
  isUniqueViolation(error)
    ? fail.conflict(faqMessages.duplicate, 'faq-duplicate', [{ field: 'question', message: faqMessages.duplicate }])
    : error;

export function createFaq(db: Db, actor: Principal, body: CreateFaqBody) {
  return insertAudited(
    db,
    actor,
    {
      table: faqEntries,
      entity: 'faq',
      refuse: (error) => {
        throw duplicate(error);
      },
    },
    body,
  );
}

export function updateFaq(db: Db, actor: Principal, id: string, changes: Partial<CreateFaqBody>) {
  return db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(faqEntries).where(eq(faqEntries.id, id));
      if (!before) throw fail.notFound(faqMessages.notFound);
      const [after] = await tx.update(faqEntries).set(changes).where(eq(faqEntries.id, id)).returning();
      await audit(tx, actor, { action: 'update', entity: 'faq', entityId: id, before, after });
      return after ?? before;
    })
    .catch((error) => {
      throw duplicate(error);
    });
}

export function changeFaqStatus(db: Db, actor: Principal, id: string, active: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(faqEntries).set({ active }).where(eq(faqEntries.id, id)).returning();
    if (!row) throw fail.notFound(faqMessages.notFound);
    await audit(tx, actor, { action: 'change-status', entity: 'faq', entityId: id, after: { active } });
  });
}

export function removeFaq(db: Db, actor: Principal, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(faqEntries).where(eq(faqEntries.id, id)).returning();
    if (!row) throw fail.notFound(faqMessages.notFound);
    await audit(tx, actor, { action: 'remove', entity: 'faq', entityId: id, before: row });
  });
}
