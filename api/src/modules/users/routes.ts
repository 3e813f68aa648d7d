import {
  changeStatusBodySchema,
  cmsUserSchema,
  cmsUsersPageSchema,
  cmsUsersQuerySchema,
  createCmsUserBodySchema,
  messageSchema,
  updateCmsUserBodySchema,
  userMessages,
  withMessage,
} from '@especifica/mf-shared/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { adminUsers } from '../../db/schema';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail, isUniqueViolation } from '../../kernel/errors';
import { listPage } from '../../kernel/list';
import { principalOf } from '../../plugins/auth';
import { hashPassword } from '../../security/passwords';

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
    { config: admin, schema: { querystring: cmsUsersQuerySchema, response: { 200: cmsUsersPageSchema } } },
    async (request) => {
      const query = request.query;
      return listPage(
        query,
        {
          rows: db.select().from(adminUsers).$dynamic(),
          count: db.select({ total: count() }).from(adminUsers).$dynamic(),
          where: [query.active !== undefined ? eq(adminUsers.active, query.active) : undefined],
          search: [adminUsers.name, adminUsers.email],
          order: [adminUsers.name, adminUsers.id],
          sortable: { name: adminUsers.name, email: adminUsers.email, createdAt: adminUsers.createdAt },
          id: adminUsers.id,
        },
        out,
      );
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
