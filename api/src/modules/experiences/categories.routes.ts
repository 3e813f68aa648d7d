import {
  categoriesPageSchema,
  categoriesQuerySchema,
  categorySchema,
  type categorySorts,
  changeStatusBodySchema,
  createCategoryBodySchema,
  experienceMessages,
  messageSchema,
  participantCategoriesQuerySchema,
  updateCategoryBodySchema,
  withMessage,
} from '@especifica/mf-shared/contracts';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outer } from '../../db/rows';
import { experienceCategories, experiences } from '../../db/schema';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail, isUniqueViolation } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';
import { searchAny } from '../../kernel/search';
import { principalOf } from '../../plugins/auth';
import { participantOf } from '../ledger/service';

const experienceCount = sql<number>`(select count(*) from ${experiences} x
  where x.category_id = ${outer(experienceCategories.id)})::int`;

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw fail.conflict('Já existe uma categoria com este nome e tipo.', 'category-exists');
  throw error;
}

export async function categoryRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  const page = (where: SQL | undefined, query: ListPageQuery<(typeof categorySorts)[number]>) =>
    listPage(
      query,
      {
        rows: db
          .select({ category: experienceCategories, experiences: experienceCount })
          .from(experienceCategories)
          .$dynamic(),
        count: db.select({ total: count() }).from(experienceCategories).$dynamic(),
        where: [where],
        order: [experienceCategories.name, experienceCategories.id],
        sortable: { name: experienceCategories.name, createdAt: experienceCategories.createdAt },
        id: experienceCategories.id,
      },
      ({ category, experiences: total }) => ({
        id: category.id,
        name: category.name,
        type: category.type,
        active: category.active,
        experiences: Number(total),
        createdAt: category.createdAt.toISOString(),
      }),
    );
  const one = async (id: string) => {
    const [item] = (await page(eq(experienceCategories.id, id), { limit: 1, page: 1 })).items;
    if (!item) throw fail.notFound(experienceMessages.categoryNotFound);
    return item;
  };
  const find = async (tx: Db, id: string) => {
    const [row] = await tx.select().from(experienceCategories).where(eq(experienceCategories.id, id));
    if (!row) throw fail.notFound(experienceMessages.categoryNotFound);
    return row;
  };

  app.get(
    '/cms/experiences-categories/get-all',
    { config: admin, schema: { querystring: categoriesQuerySchema, response: { 200: categoriesPageSchema } } },
    (request) => {
      const query = request.query;
      const conditions: (SQL | undefined)[] = [searchAny(query.search, [experienceCategories.name])];
      if (query.active !== undefined) conditions.push(eq(experienceCategories.active, query.active));
      if (query.type) conditions.push(eq(experienceCategories.type, query.type));
      return page(and(...conditions), query);
    },
  );

  app.post(
    '/cms/experiences-categories/create',
    { config: admin, schema: { body: createCategoryBodySchema, response: { 200: withMessage(categorySchema) } } },
    async (request) => {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(experienceCategories).values(request.body).returning().catch(nameTaken);
        if (!row) throw new Error('category not created');
        await audit(tx, principalOf(request), {
          action: 'create',
          entity: 'experience-category',
          entityId: row.id,
          after: row,
        });
        return row.id;
      });
      return { msg: 'Criado com sucesso!', item: await one(id) };
    },
  );

  app.post(
    '/cms/experiences-categories/update',
    { config: admin, schema: { body: updateCategoryBodySchema, response: { 200: withMessage(categorySchema) } } },
    async (request) => {
      const { id, ...changes } = request.body;
      await db.transaction(async (tx) => {
        const before = await find(tx, id);
        const [after] = await tx
          .update(experienceCategories)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(experienceCategories.id, id))
          .returning()
          .catch(nameTaken);
        await audit(tx, principalOf(request), {
          action: 'update',
          entity: 'experience-category',
          entityId: id,
          before,
          after,
        });
      });
      return { msg: 'Atualizado com sucesso!', item: await one(id) };
    },
  );

  app.post(
    '/cms/experiences-categories/change-status',
    { config: admin, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      await db.transaction(async (tx) => {
        const before = await find(tx, id);
        await tx
          .update(experienceCategories)
          .set({ active, updatedAt: new Date() })
          .where(eq(experienceCategories.id, id));
        await audit(tx, principalOf(request), {
          action: 'change-status',
          entity: 'experience-category',
          entityId: id,
          before: { active: before.active },
          after: { active },
        });
      });
      return { msg: active ? 'Categoria ativada com sucesso!' : 'Categoria desativada com sucesso!' };
    },
  );

  // The categories of the participant's own kind (experiences for professionals or for shopkeepers).
  app.get(
    '/professionals/experiences/get-all-categories',
    {
      config: { guard: ['professional', 'shopkeeper'] },
      schema: { querystring: participantCategoriesQuerySchema, response: { 200: categoriesPageSchema } },
    },
    (request) =>
      page(
        and(
          eq(experienceCategories.active, true),
          eq(experienceCategories.type, participantOf(principalOf(request)).kind),
        ),
        request.query,
      ),
  );
}
