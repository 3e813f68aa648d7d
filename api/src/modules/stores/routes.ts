import {
  changeStatusBodySchema,
  createStoreBodySchema,
  importQuerySchema,
  importResultSchema,
  messageSchema,
  participantStoresPageSchema,
  participantStoresQuerySchema,
  storeMessages,
  storeSchema,
  storesPageSchema,
  storesQuerySchema,
  updateStoreBodySchema,
  withMessage,
} from '@especifica/mf-shared/contracts';
import { count, eq } from 'drizzle-orm';
import { stores } from '../../db/schema';
import { importCsv } from '../../files/csv-import';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail, isUniqueViolation } from '../../kernel/errors';
import { listPage } from '../../kernel/list';
import { streamedFile, uploadError, withUploads } from '../../kernel/uploads';
import { principalOf } from '../../plugins/auth';
import { findStore, storeConditions, storeOut, storesPage } from './queries';
import { storeImport } from './service';

function cnpjTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw fail.conflict(storeMessages.cnpjTaken, 'store-cnpj-taken');
  throw error;
}

export async function storeRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/cms/stores/get-all',
    { config: admin, schema: { querystring: storesQuerySchema, response: { 200: storesPageSchema } } },
    (request) => storesPage(db, request.query),
  );

  app.post(
    '/cms/stores/create',
    { config: admin, schema: { body: createStoreBodySchema, response: { 200: withMessage(storeSchema) } } },
    async (request) => {
      const { form } = request.body;
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(stores)
          .values({ ...form, email: form.email ?? null, phone: form.phone ?? null, address: form.address ?? null })
          .returning()
          .catch(cnpjTaken);
        if (!created) throw new Error('store not created');
        await audit(tx, principalOf(request), {
          action: 'create',
          entity: 'store',
          entityId: created.id,
          after: created,
        });
        return created;
      });
      return { msg: storeMessages.created, item: storeOut(row) };
    },
  );

  app.post(
    '/cms/stores/update',
    { config: admin, schema: { body: updateStoreBodySchema, response: { 200: withMessage(storeSchema) } } },
    async (request) => {
      const { id, ...changes } = request.body;
      const row = await db.transaction(async (tx) => {
        const before = await findStore(tx, id);
        const [after] = await tx
          .update(stores)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(stores.id, id))
          .returning()
          .catch(cnpjTaken);
        await audit(tx, principalOf(request), { action: 'update', entity: 'store', entityId: id, before, after });
        return after ?? before;
      });
      return { msg: storeMessages.updated, item: storeOut(row) };
    },
  );

  app.post(
    '/cms/stores/change-status',
    { config: admin, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      await db.transaction(async (tx) => {
        const before = await findStore(tx, id);
        await tx.update(stores).set({ active, updatedAt: new Date() }).where(eq(stores.id, id));
        await audit(tx, principalOf(request), {
          action: 'change-status',
          entity: 'store',
          entityId: id,
          before: { active: before.active },
          after: { active },
        });
      });
      return { msg: active ? 'Loja ativada com sucesso!' : 'Loja desativada com sucesso!' };
    },
  );

  await withUploads(app, (uploads) => {
    uploads.post(
      '/cms/stores/import',
      {
        config: admin,
        schema: { querystring: importQuerySchema, response: { 200: importResultSchema } },
      },
      async (request) => {
        const upload = await streamedFile(request, deps.importMaxBytes);
        const skipBadRows = request.query.skipBadRows ?? /^(true|1)$/.test(upload.fields.skipBadRows ?? '');
        const result = await importCsv(db, upload.stream, storeImport, skipBadRows).catch((error) => {
          throw uploadError(error, deps.importMaxBytes);
        });
        await audit(db, principalOf(request), {
          action: 'import',
          entity: 'store',
          after: { file: upload.filename, ...result, errors: result.errors.slice(0, 20) },
        });
        return { msg: 'Importado com sucesso!', ...result };
      },
    );
  });

  // The participating stores a professional sees at /stores: active ones only, and no internal fields.
  app.get(
    '/professionals/stores/get-all',
    {
      config: { guard: ['professional'] },
      schema: { querystring: participantStoresQuerySchema, response: { 200: participantStoresPageSchema } },
    },
    async (request) => {
      const query = request.query;
      return listPage(
        query,
        {
          rows: db.select().from(stores).$dynamic(),
          count: db.select({ total: count() }).from(stores).$dynamic(),
          where: [storeConditions({ ...query, active: true })],
          order: [stores.name, stores.id],
          sortable: { name: stores.name },
          id: stores.id,
        },
        (row) => ({ id: row.id, name: row.name, cnpj: row.cnpj, phone: row.phone, address: row.address ?? null }),
      );
    },
  );
}
