import {
  catalogueNamesPageSchema,
  catalogueNamesQuerySchema,
  changeStatusBodySchema,
  idParamsSchema,
  importQuerySchema,
  messageSchema,
  productsPageSchema,
  productsQuerySchema,
  taskSchema,
} from '@especifica/mf-shared/contracts';
import { products } from '../../db/schema';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { sendPicture } from '../../kernel/pictures';
import { principalOf } from '../../kernel/principal';
import { withUploads } from '../../kernel/uploads';
import { catalogueNamesPage, productImageKey, productsPage } from './queries';
import { changeProductStatus, productImport } from './service';

const everybody = { guard: ['admin', 'professional', 'shopkeeper'] as ['admin', 'professional', 'shopkeeper'] };

export async function productRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  app.get(
    '/products/get-all',
    { config: everybody, schema: { querystring: productsQuerySchema, response: { 200: productsPageSchema } } },
    (request) =>
      // Participants see the participating products: the active ones.
      productsPage(db, request.query, principalOf(request).role === 'admin' ? request.query.active : true),
  );

  for (const [path, column] of [
    ['/products/get-all-brands', products.brand],
    ['/products/get-all-categories', products.category],
  ] as const) {
    app.get(
      path,
      {
        config: everybody,
        schema: { querystring: catalogueNamesQuerySchema, response: { 200: catalogueNamesPageSchema } },
      },
      (request) => catalogueNamesPage(db, column, request.query, principalOf(request).role !== 'admin'),
    );
  }

  // A product's picture: public, as an experience's, so an <img> loads it without the session's header.
  app.get(
    '/products/:id/image',
    { config: { guard: 'public' }, schema: { params: idParamsSchema } },
    async (request, reply) => sendPicture(deps.storage, reply, await productImageKey(db, request.params.id)),
  );

  app.post(
    '/products/change-status',
    { config: { guard: ['admin'] }, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      await changeProductStatus(db, principalOf(request), id, active);
      return { msg: active ? 'Produto ativado com sucesso!' : 'Produto desativado com sucesso!' };
    },
  );

  const imports = deps.tasks.imports('import:products', productImport, { entity: 'product', label: 'produtos' });
  await withUploads(app, (uploads) => {
    // The file is stored and imported by a job: the answer is its task (GET /api/tasks/:id follows it).
    uploads.post(
      '/products/import',
      { config: { guard: ['admin'] }, schema: { querystring: importQuerySchema, response: { 202: taskSchema } } },
      async (request, reply) => reply.code(202).send(await imports.start(request, request.query.skipBadRows)),
    );
  });
}
