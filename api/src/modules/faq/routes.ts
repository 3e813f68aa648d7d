import {
  changeStatusBodySchema,
  createFaqBodySchema,
  faqEntriesPageSchema,
  faqEntrySchema,
  faqMessages,
  faqQuerySchema,
  faqSchema,
  idBodySchema,
  messageSchema,
  updateFaqBodySchema,
  withMessage,
} from '@especifica/mf-shared/contracts';
import { asc, count, eq } from 'drizzle-orm';
import { faqEntries } from '../../db/schema';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail, isUniqueViolation } from '../../kernel/errors';
import { listPage } from '../../kernel/list';
import { principalOf } from '../../plugins/auth';

type Row = typeof faqEntries.$inferSelect;

const out = (row: Row) => ({
  id: row.id,
  topic: row.topic,
  question: row.question,
  answer: row.answer,
  position: row.position,
  active: row.active,
  updatedAt: row.updatedAt.toISOString(),
});

/** A second question with the same text is a 409 with the field named, not a database error. */
const duplicate = (error: unknown) =>
  isUniqueViolation(error)
    ? fail.conflict(faqMessages.duplicate, 'faq-duplicate', [{ field: 'question', message: faqMessages.duplicate }])
    : error;

/**
 * The FAQ: participants read the active questions by topic (topics in the order of their first question, questions by
 * their position); admins manage them.
 */
export async function faqRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/professionals/faq/get-all',
    { config: { guard: ['professional', 'shopkeeper'] }, schema: { response: { 200: faqSchema } } },
    async () => {
      const rows = await db
        .select()
        .from(faqEntries)
        .where(eq(faqEntries.active, true))
        .orderBy(asc(faqEntries.position), asc(faqEntries.question));
      const topics = new Map<string, { id: string; question: string; answer: string }[]>();
      for (const row of rows) {
        const items = topics.get(row.topic) ?? [];
        items.push({ id: row.id, question: row.question, answer: row.answer });
        topics.set(row.topic, items);
      }
      return { topics: [...topics].map(([topic, items]) => ({ topic, items })) };
    },
  );

  app.get(
    '/cms/faq/get-all',
    { config: admin, schema: { querystring: faqQuerySchema, response: { 200: faqEntriesPageSchema } } },
    (request) =>
      listPage(
        request.query,
        {
          rows: db.select().from(faqEntries).$dynamic(),
          count: db.select({ total: count() }).from(faqEntries).$dynamic(),
          where: [
            request.query.active !== undefined ? eq(faqEntries.active, request.query.active) : undefined,
            request.query.topic ? eq(faqEntries.topic, request.query.topic) : undefined,
          ],
          search: [faqEntries.question, faqEntries.answer, faqEntries.topic],
          order: [asc(faqEntries.topic), asc(faqEntries.position), asc(faqEntries.id)],
          sortable: {
            topic: faqEntries.topic,
            question: faqEntries.question,
            position: faqEntries.position,
            updatedAt: faqEntries.updatedAt,
          },
          id: faqEntries.id,
        },
        out,
      ),
  );

  app.post(
    '/cms/faq/create',
    { config: admin, schema: { body: createFaqBodySchema, response: { 200: withMessage(faqEntrySchema) } } },
    async (request) => {
      const row = await db
        .transaction(async (tx) => {
          const [created] = await tx.insert(faqEntries).values(request.body).returning();
          if (!created) throw new Error('insert returned nothing');
          await audit(tx, principalOf(request), {
            action: 'create',
            entity: 'faq',
            entityId: created.id,
            after: created,
          });
          return created;
        })
        .catch((error) => {
          throw duplicate(error);
        });
      return { msg: faqMessages.created, item: out(row) };
    },
  );

  app.post(
    '/cms/faq/update',
    { config: admin, schema: { body: updateFaqBodySchema, response: { 200: withMessage(faqEntrySchema) } } },
    async (request) => {
      const { id, ...changes } = request.body;
      const row = await db
        .transaction(async (tx) => {
          const [before] = await tx.select().from(faqEntries).where(eq(faqEntries.id, id));
          if (!before) throw fail.notFound(faqMessages.notFound);
          const [after] = await tx.update(faqEntries).set(changes).where(eq(faqEntries.id, id)).returning();
          await audit(tx, principalOf(request), { action: 'update', entity: 'faq', entityId: id, before, after });
          return after ?? before;
        })
        .catch((error) => {
          throw duplicate(error);
        });
      return { msg: faqMessages.updated, item: out(row) };
    },
  );

  app.post(
    '/cms/faq/change-status',
    { config: admin, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      await db.transaction(async (tx) => {
        const [row] = await tx.update(faqEntries).set({ active }).where(eq(faqEntries.id, id)).returning();
        if (!row) throw fail.notFound(faqMessages.notFound);
        await audit(tx, principalOf(request), {
          action: 'change-status',
          entity: 'faq',
          entityId: id,
          after: { active },
        });
      });
      return { msg: faqMessages.updated };
    },
  );

  app.post(
    '/cms/faq/remove',
    { config: admin, schema: { body: idBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id } = request.body;
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(faqEntries).where(eq(faqEntries.id, id)).returning();
        if (!row) throw fail.notFound(faqMessages.notFound);
        await audit(tx, principalOf(request), { action: 'remove', entity: 'faq', entityId: id, before: row });
      });
      return { msg: faqMessages.removed };
    },
  );
}
