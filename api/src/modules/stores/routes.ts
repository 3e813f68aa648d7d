import {
  changeStatusBodySchema,
  createStoreBodySchema,
  idBodySchema,
  importQuerySchema,
  messageSchema,
  participantStoresPageSchema,
  participantStoresQuerySchema,
  storeMessages,
  storeSchema,
  storesPageSchema,
  storesQuerySchema,
  taskSchema,
  updateStoreBodySchema,
  withMessage,
} from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { withUploads } from '../../kernel/uploads';
import { participantStoresPage, storeById, storeOut, storesPage } from './queries';
import { changeStoreStatus, createStore, storeImport, updateStore } from './service';

export async function storeRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/cms/stores/get-all',
    { config: admin, schema: { querystring: storesQuerySchema, response: { 200: storesPageSchema } } },
    (request) => storesPage(db, request.query),
  );

  // One store by id: a screen opened with a store in its URL names it from here.
  app.get(
    '/cms/stores/get-one',
    { config: admin, schema: { querystring: idBodySchema, response: { 200: storeSchema } } },
    (request) => storeById(db, request.query.id),
  );

  app.post(
    '/cms/stores/create',
    { config: admin, schema: { body: createStoreBodySchema, response: { 200: withMessage(storeSchema) } } },
    async (request) => {
      const row = await createStore(db, principalOf(request), request.body.form);
      return { msg: storeMessages.created, item: storeOut(row) };
    },
  );

  app.post(
    '/cms/stores/update',
    { config: admin, schema: { body: updateStoreBodySchema, response: { 200: withMessage(storeSchema) } } },
    async (request) => {
      const { id, ...changes } = request.body;
      const row = await updateStore(db, principalOf(request), id, changes);
      return { msg: storeMessages.updated, item: storeOut(row) };
    },
  );

  app.post(
    '/cms/stores/change-status',
    { config: admin, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      await changeStoreStatus(db, principalOf(request), id, active);
      return { msg: active ? 'Loja ativada com sucesso!' : 'Loja desativada com sucesso!' };
    },
  );

  const imports = deps.tasks.imports('import:stores', storeImport, { entity: 'store', label: 'lojas' });
  await withUploads(app, (uploads) => {
    // The file is stored and imported by a job: the answer is its task (GET /api/tasks/:id follows it).
    uploads.post(
      '/cms/stores/import',
      { config: admin, schema: { querystring: importQuerySchema, response: { 202: taskSchema } } },
      async (request, reply) => reply.code(202).send(await imports.start(request, request.query.skipBadRows)),
    );
  });

  // The participating stores a professional sees at /stores: active ones only, and no internal fields.
  app.get(
    '/professionals/stores/get-all',
    {
      config: { guard: ['professional'] },
      schema: { querystring: participantStoresQuerySchema, response: { 200: participantStoresPageSchema } },
    },
    (request) => participantStoresPage(db, request.query),
  );
}
