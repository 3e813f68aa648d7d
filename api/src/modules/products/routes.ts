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
import { and, count, countDistinct, eq, ne, type SQL } from 'drizzle-orm';
import { products } from '../../db/schema-programme';
import { importCsv } from '../../files/csv-import';
import { streamedFile, uploadError, withUploads } from '../../files/multipart';
import { fail } from '../../http/fail';
import { offsetOf, pageAnswer } from '../../http/pagination';
import { searchAny } from '../../http/search';
import type { App } from '../../http/zod';
import { principalOf } from '../../plugins/auth';
import { audit } from '../programme/audit';
import type { ProgrammeDeps } from '../programme/deps';
import { productImport } from './import';

const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
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
      const conditions: (SQL | undefined)[] = [searchAny(query.search, [products.name, products.sku])];
      if (active !== undefined) conditions.push(eq(products.active, active));
      if (query.brand) conditions.push(eq(products.brand, query.brand));
      if (query.category) conditions.push(eq(products.category, query.category));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(products)
          .where(where)
          .orderBy(products.name, products.id)
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ total: count() }).from(products).where(where),
      ]);
      const items = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
      return pageAnswer(items, total?.total ?? 0, query);
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
        const conditions: (SQL | undefined)[] = [ne(column, ''), searchAny(query.search, [column])];
        if (principalOf(request).role !== 'admin') conditions.push(eq(products.active, true));
        const where = and(...conditions);
        const [rows, [total]] = await Promise.all([
          db
            .select({ name: column, products: count() })
            .from(products)
            .where(where)
            .groupBy(column)
            .orderBy(column)
            .limit(query.limit)
            .offset(offsetOf(query)),
          db
            .select({ total: countDistinct(column) })
            .from(products)
            .where(where),
        ]);
        return pageAnswer(rows, total?.total ?? 0, query);
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
        const upload = await streamedFile(request, IMPORT_MAX_BYTES);
        const skipBadRows = request.query.skipBadRows ?? /^(true|1)$/.test(upload.fields.skipBadRows ?? '');
        const result = await importCsv(db, upload.stream, productImport, skipBadRows).catch((error) => {
          throw uploadError(error, IMPORT_MAX_BYTES);
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
