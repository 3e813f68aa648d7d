import {
  changeStatusBodySchema,
  cmsUserSchema,
  cmsUsersPageSchema,
  createCmsUserBodySchema,
  listQuerySchema,
  messageSchema,
  updateCmsUserBodySchema,
  userMessages,
  withMessage,
} from '@especifica/mf-shared/contracts';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { adminUsers } from '../../db/schema';
import { fail, isUniqueViolation } from '../../http/fail';
import { offsetOf, pageAnswer } from '../../http/pagination';
import { searchAny } from '../../http/search';
import type { App } from '../../http/zod';
import { principalOf } from '../../plugins/auth';
import { hashPassword } from '../../security/passwords';
import { audit } from '../programme/audit';
import type { ProgrammeDeps } from '../programme/deps';

export function emailTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw fail.conflict(userMessages.emailTaken, 'email-taken');
  throw error;
}

const out = (row: typeof adminUsers.$inferSelect) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  active: row.active,
  profileImage: row.profileImage,
  createdAt: row.createdAt.toISOString(),
});

export async function cmsUserRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/cms/users/get-all',
    { config: admin, schema: { querystring: listQuerySchema, response: { 200: cmsUsersPageSchema } } },
    async (request) => {
      const query = request.query;
      const conditions: (SQL | undefined)[] = [searchAny(query.search, [adminUsers.name, adminUsers.email])];
      if (query.active !== undefined) conditions.push(eq(adminUsers.active, query.active));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(adminUsers)
          .where(where)
          .orderBy(adminUsers.name, adminUsers.id)
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ total: count() }).from(adminUsers).where(where),
      ]);
      return pageAnswer(rows.map(out), total?.total ?? 0, query);
    },
  );

  app.post(
    '/cms/users/create',
    { config: admin, schema: { body: createCmsUserBodySchema, response: { 200: withMessage(cmsUserSchema) } } },
    async (request) => {
      const { password, ...fields } = request.body;
      const passwordHash = await hashPassword(password, deps.argon2);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(adminUsers)
          .values({ ...fields, passwordHash })
          .returning()
          .catch(emailTaken);
        if (!created) throw new Error('admin not created');
        await audit(tx, principalOf(request), {
          action: 'create',
          entity: 'cms-user',
          entityId: created.id,
          after: created,
        });
        return created;
      });
      return { msg: userMessages.created, item: out(row) };
    },
  );

  app.post(
    '/cms/users/update',
    { config: admin, schema: { body: updateCmsUserBodySchema, response: { 200: withMessage(cmsUserSchema) } } },
    async (request) => {
      const { id, password, ...fields } = request.body;
      const passwordHash = password ? await hashPassword(password, deps.argon2) : undefined;
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id));
        if (!before) throw fail.notFound(userMessages.notFound);
        // A new password or e-mail ends the sessions opened with the old ones.
        const revoke = Boolean(passwordHash) || (fields.email !== undefined && fields.email !== before.email);
        const [after] = await tx
          .update(adminUsers)
          .set({
            ...fields,
            ...(passwordHash ? { passwordHash } : {}),
            ...(revoke ? { tokenVersion: sql`${adminUsers.tokenVersion} + 1` } : {}),
            updatedAt: new Date(),
          })
          .where(eq(adminUsers.id, id))
          .returning()
          .catch(emailTaken);
        await audit(tx, principalOf(request), { action: 'update', entity: 'cms-user', entityId: id, before, after });
        return after ?? before;
      });
      return { msg: userMessages.updated, item: out(row) };
    },
  );

  app.post(
    '/cms/users/change-status',
    { config: admin, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      const principal = principalOf(request);
      if (!active && id === principal.id) throw fail.invalid(userMessages.selfDeactivation, 'self-deactivation');
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id));
        if (!before) throw fail.notFound(userMessages.notFound);
        await tx
          .update(adminUsers)
          .set({
            active,
            ...(active ? {} : { tokenVersion: sql`${adminUsers.tokenVersion} + 1` }),
            updatedAt: new Date(),
          })
          .where(eq(adminUsers.id, id));
        await audit(tx, principal, {
          action: 'change-status',
          entity: 'cms-user',
          entityId: id,
          before: { active: before.active },
          after: { active },
        });
      });
      return { msg: active ? 'Usuário ativado com sucesso!' : 'Usuário desativado com sucesso!' };
    },
  );
}
