import {
  catalogueNamesPageSchema,
  catalogueNamesQuerySchema,
  changeStatusBodySchema,
  importQuerySchema,
  importResultSchema,
  messageSchema,
  productsPageSchema,
  productsQuerySchema,
} from '@especifica/mf-shared/contracts';
import { count, countDistinct, eq, ne } from 'drizzle-orm';
import { products } from '../../db/schema';
import { importCsv } from '../../files/csv-import';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { listPage } from '../../kernel/list';
import { streamedFile, uploadError, withUploads } from '../../kernel/uploads';
import { principalOf } from '../../plugins/auth';
import { productImport } from './service';

const everybody = { guard: ['admin', 'professional', 'shopkeeper'] as ['admin', 'professional', 'shopkeeper'] };

export async function productRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  app.get(
    '/products/get-all',
    { config: everybody, schema: { querystring: productsQuerySchema, response: { 200: productsPageSchema } } },
    async (request) => {
      const query = request.query;
      // Participants see the participating products: the active ones.
      const active = principalOf(request).role === 'admin' ? query.active : true;
      return listPage(
        query,
        {
          rows: db.select().from(products).$dynamic(),
          count: db.select({ total: count() }).from(products).$dynamic(),
          where: [
            active !== undefined ? eq(products.active, active) : undefined,
            query.brand ? eq(products.brand, query.brand) : undefined,
            query.category ? eq(products.category, query.category) : undefined,
          ],
          search: [products.name, products.sku],
          order: [products.name, products.id],
          sortable: {
            name: products.name,
            sku: products.sku,
            brand: products.brand,
            category: products.category,
            createdAt: products.createdAt,
          },
          id: products.id,
        },
        (row) => ({ ...row, createdAt: row.createdAt.toISOString() }),
      );
    },
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
      async (request) => {
        const query = request.query;
        const productCount = count();
        return listPage(
          query,
          {
            rows: db.select({ name: column, products: productCount }).from(products).groupBy(column).$dynamic(),
            count: db
              .select({ total: countDistinct(column) })
              .from(products)
              .$dynamic(),
            where: [ne(column, ''), principalOf(request).role !== 'admin' ? eq(products.active, true) : undefined],
            search: [column],
            order: [column],
            sortable: { name: column, products: productCount },
            // A name is one row (grouped by it), so it breaks the ties of the product counts.
            id: column,
          },
          (row) => row,
        );
      },
    );
  }

  app.post(
    '/products/change-status',
    { config: { guard: ['admin'] }, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(products).where(eq(products.id, id));
        if (!before) throw fail.notFound('Produto não encontrado.');
        await tx.update(products).set({ active, updatedAt: new Date() }).where(eq(products.id, id));
        await audit(tx, principalOf(request), {
          action: 'change-status',
          entity: 'product',
          entityId: id,
          before: { active: before.active },
          after: { active },
        });
      });
      return { msg: active ? 'Produto ativado com sucesso!' : 'Produto desativado com sucesso!' };
    },
  );

  await withUploads(app, (uploads) => {
    uploads.post(
      '/products/import',
      {
        config: { guard: ['admin'] },
        schema: { querystring: importQuerySchema, response: { 200: importResultSchema } },
      },
      async (request) => {
        const upload = await streamedFile(request, deps.importMaxBytes);
        const skipBadRows = request.query.skipBadRows ?? /^(true|1)$/.test(upload.fields.skipBadRows ?? '');
        const result = await importCsv(db, upload.stream, productImport, skipBadRows).catch((error) => {
          throw uploadError(error, deps.importMaxBytes);
        });
        await audit(db, principalOf(request), {
          action: 'import',
          entity: 'product',
          after: { file: upload.filename, ...result, errors: result.errors.slice(0, 20) },
        });
        return { msg: 'Importado com sucesso!', ...result };
      },
    );
  });
}
