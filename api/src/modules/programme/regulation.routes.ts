import {
  regulationDraftSchema,
  regulationMessages,
  regulationPreviewSchema,
  regulationVersionSchema,
  regulationVersionsSchema,
  withMessage,
} from '@especifica/mf-shared/contracts';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { termsVersions } from '../../db/schema';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail, isUniqueViolation } from '../../kernel/errors';
import { principalOf } from '../../plugins/auth';
import { regulationChanges } from './routes';

type Version = typeof termsVersions.$inferSelect;
const out = (row: Version) => ({
  version: row.version,
  title: row.title,
  content: row.content,
  publishedAt: row.publishedAt.toISOString(),
});

const current = async (db: Db) =>
  (await db.select().from(termsVersions).orderBy(desc(termsVersions.version)).limit(1))[0] ?? null;

/**
 * Regulation versions for admins: every version, what a draft changes against the current one, and publishing the
 * next version. Publishing is all it takes: a participant whose accepted version is older is asked at the next login.
 */
export async function regulationRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/cms/regulation/get-all',
    { config: admin, schema: { response: { 200: regulationVersionsSchema } } },
    async () => ({
      items: (await db.select().from(termsVersions).orderBy(desc(termsVersions.version))).map(out),
    }),
  );

  app.post(
    '/cms/regulation/preview',
    { config: admin, schema: { body: regulationDraftSchema, response: { 200: regulationPreviewSchema } } },
    async (request) => {
      const now = await current(db);
      return {
        current: now ? { version: now.version, publishedAt: now.publishedAt.toISOString() } : null,
        nextVersion: (now?.version ?? 0) + 1,
        changes: regulationChanges(now?.content ?? '', request.body.content),
      };
    },
  );

  app.post(
    '/cms/regulation/publish',
    { config: admin, schema: { body: regulationDraftSchema, response: { 201: withMessage(regulationVersionSchema) } } },
    async (request, reply) => {
      const draft = request.body;
      const published = await db
        .transaction(async (tx) => {
          const before = await current(tx);
          if (before && before.content.trim() === draft.content && before.title === draft.title) {
            throw fail.invalid(regulationMessages.unchanged, 'regulation-unchanged');
          }
          const [row] = await tx
            .insert(termsVersions)
            .values({ version: (before?.version ?? 0) + 1, title: draft.title, content: draft.content })
            .returning();
          if (!row) throw new Error('The regulation version was not written.');
          await audit(tx, principalOf(request), {
            action: 'publish',
            entity: 'regulation',
            entityId: String(row.version),
            before: before ? { version: before.version, title: before.title } : null,
            after: { version: row.version, title: row.title },
          });
          return row;
        })
        .catch((error) => {
          // Two admins publishing at once: the second finds its version number taken.
          if (isUniqueViolation(error)) {
            throw fail.conflict(
              'Outra versão acabou de ser publicada: revise e tente de novo.',
              'regulation-version-taken',
            );
          }
          throw error;
        });
      return reply.code(201).send({ msg: regulationMessages.published, item: out(published) });
    },
  );
}
