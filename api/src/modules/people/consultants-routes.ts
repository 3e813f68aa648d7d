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
import { fail, isUniqueViolation } from '../../http/fail';
import { offsetOf, pageAnswer } from '../../http/pagination';
import { searchAny } from '../../http/search';
import type { App } from '../../http/zod';
import { principalOf } from '../../plugins/auth';
import { hashPassword } from '../../security/passwords';
import { audit } from '../programme/audit';
import type { ProgrammeDeps } from '../programme/deps';
import { findStore } from '../stores/repository';

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

  async function page(where: SQL | undefined, query: { limit: number; page: number }) {
    const [rows, [total]] = await Promise.all([
      db
        .select({ user: storeUsers, store: { id: stores.id, name: stores.name, cnpj: stores.cnpj } })
        .from(storeUsers)
        .innerJoin(stores, eq(stores.id, storeUsers.storeId))
        .where(where)
        .orderBy(desc(storeUsers.createdAt), storeUsers.id)
        .limit(query.limit)
        .offset(offsetOf(query)),
      db.select({ total: count() }).from(storeUsers).where(where),
    ]);
    const items = rows.map(({ user, store }) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      cpf: user.cpf,
      cellphone: user.cellphone,
      active: user.active,
      store,
      createdAt: user.createdAt.toISOString(),
    }));
    return pageAnswer(items, total?.total ?? 0, query);
  }
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
