import {
  consultantSchema,
  consultantsPageSchema,
  consultantsQuerySchema,
  createConsultantBodySchema,
  updateConsultantBodySchema,
  userMessages,
  withMessage,
} from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { stores, storeUsers } from '../../db/schema';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail, isUniqueViolation } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';
import { searchAny } from '../../kernel/search';
import { principalOf } from '../../plugins/auth';
import { hashPassword } from '../../security/passwords';
import { findStore } from '../stores/queries';

function taken(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw fail.conflict('Este e-mail ou CPF já é usado por outro usuário desta loja.', 'email-taken');
  }
  throw error;
}

/** Consultants are shopkeepers of type consultant: they see points, but no level and no experiences. */
export async function consultantRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };
  const isConsultant = eq(storeUsers.shopkeeperType, 'consultant');

  const page = (where: SQL | undefined, query: ListPageQuery<'name' | 'email' | 'createdAt'>) =>
    listPage(
      query,
      {
        rows: db
          .select({ user: storeUsers, store: { id: stores.id, name: stores.name, cnpj: stores.cnpj } })
          .from(storeUsers)
          .innerJoin(stores, eq(stores.id, storeUsers.storeId))
          .$dynamic(),
        count: db.select({ total: count() }).from(storeUsers).$dynamic(),
        where: [where],
        order: [desc(storeUsers.createdAt), storeUsers.id],
        sortable: { name: storeUsers.name, email: storeUsers.email, createdAt: storeUsers.createdAt },
        id: storeUsers.id,
      },
      ({ user, store }) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        cpf: user.cpf,
        cellphone: user.cellphone,
        active: user.active,
        store,
        createdAt: user.createdAt.toISOString(),
      }),
    );
  const one = async (id: string) => {
    const [item] = (await page(and(isConsultant, eq(storeUsers.id, id)), { limit: 1, page: 1 })).items;
    if (!item) throw fail.notFound('Consultor não encontrado.');
    return item;
  };

  app.get(
    '/users/consultants',
    { config: admin, schema: { querystring: consultantsQuerySchema, response: { 200: consultantsPageSchema } } },
    (request) => {
      const query = request.query;
      const conditions: (SQL | undefined)[] = [
        isConsultant,
        searchAny(query.search, [storeUsers.name, storeUsers.email]),
      ];
      if (query.storeId) conditions.push(eq(storeUsers.storeId, query.storeId));
      if (query.active !== undefined) conditions.push(eq(storeUsers.active, query.active));
      return page(and(...conditions), query);
    },
  );

  app.post(
    '/users/consultants',
    { config: admin, schema: { body: createConsultantBodySchema, response: { 200: withMessage(consultantSchema) } } },
    async (request) => {
      const { password, ...fields } = request.body;
      await findStore(db, fields.storeId);
      const passwordHash = await hashPassword(password, deps.argon2);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(storeUsers)
          .values({ ...fields, passwordHash, shopkeeperType: 'consultant' })
          .returning()
          .catch(taken);
        if (!row) throw new Error('consultant not created');
        await audit(tx, principalOf(request), { action: 'create', entity: 'consultant', entityId: row.id, after: row });
        return row.id;
      });
      return { msg: userMessages.consultantCreated, item: await one(id) };
    },
  );

  app.put(
    '/users/consultants',
    { config: admin, schema: { body: updateConsultantBodySchema, response: { 200: withMessage(consultantSchema) } } },
    async (request) => {
      const { id, password, ...fields } = request.body;
      if (fields.storeId) await findStore(db, fields.storeId);
      const passwordHash = password ? await hashPassword(password, deps.argon2) : undefined;
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(storeUsers)
          .where(and(isConsultant, eq(storeUsers.id, id)));
        if (!before) throw fail.notFound('Consultor não encontrado.');
        const revoke =
          Boolean(passwordHash) ||
          fields.active === false ||
          (fields.email !== undefined && fields.email !== before.email);
        const [after] = await tx
          .update(storeUsers)
          .set({
            ...fields,
            ...(passwordHash ? { passwordHash } : {}),
            ...(revoke ? { tokenVersion: sql`${storeUsers.tokenVersion} + 1` } : {}),
            updatedAt: new Date(),
          })
          .where(eq(storeUsers.id, id))
          .returning()
          .catch(taken);
        await audit(tx, principalOf(request), { action: 'update', entity: 'consultant', entityId: id, before, after });
      });
      return { msg: userMessages.consultantUpdated, item: await one(id) };
    },
  );
}
