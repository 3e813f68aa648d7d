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
import { and, eq, type SQL } from 'drizzle-orm';
import { experienceCategories } from '../../db/schema';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import type { ListPageQuery } from '../../kernel/list';
import { principalOf } from '../../kernel/principal';
import { searchAny } from '../../kernel/search';
import { participantOf } from '../ledger';
import { categoriesPage } from './queries';
import { changeCategoryStatus, createCategory, updateCategory } from './service';

export async function categoryRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  const page = (where: SQL | undefined, query: ListPageQuery<(typeof categorySorts)[number]>) =>
    categoriesPage(db, where, query);
  const one = async (id: string) => {
    const [item] = (await page(eq(experienceCategories.id, id), { limit: 1, page: 1 })).items;
    if (!item) throw fail.notFound(experienceMessages.categoryNotFound);
    return item;
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
      const id = await createCategory(db, principalOf(request), request.body);
      return { msg: 'Criado com sucesso!', item: await one(id) };
    },
  );

  app.post(
    '/cms/experiences-categories/update',
    { config: admin, schema: { body: updateCategoryBodySchema, response: { 200: withMessage(categorySchema) } } },
    async (request) => {
      const { id, ...changes } = request.body;
      await updateCategory(db, principalOf(request), id, changes);
      return { msg: 'Atualizado com sucesso!', item: await one(id) };
    },
  );

  app.post(
    '/cms/experiences-categories/change-status',
    { config: admin, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      await changeCategoryStatus(db, principalOf(request), id, active);
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
