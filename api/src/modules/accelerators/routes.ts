import {
  acceleratorMessages,
  acceleratorQuerySchema,
  acceleratorSchema,
  acceleratorsPageSchema,
  acceleratorsQuerySchema,
  createAcceleratorBodySchema,
  participantAcceleratorsQuerySchema,
  updateAcceleratorBodySchema,
  withMessage,
} from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { acceleratorById, acceleratorFilters, acceleratorsPage, usableAccelerators } from './queries';
import { createAccelerator, updateAccelerator } from './service';

export async function acceleratorRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/cms/accelerators/get-all',
    { config: admin, schema: { querystring: acceleratorsQuerySchema, response: { 200: acceleratorsPageSchema } } },
    (request) => acceleratorsPage(db, acceleratorFilters(request.query, deps.now()), request.query),
  );

  app.get(
    '/cms/accelerators/get-one',
    { config: admin, schema: { querystring: acceleratorQuerySchema, response: { 200: acceleratorSchema } } },
    (request) => acceleratorById(db, request.query.id),
  );

  app.post(
    '/cms/accelerators/create',
    {
      config: admin,
      schema: { body: createAcceleratorBodySchema, response: { 200: withMessage(acceleratorSchema) } },
    },
    async (request) => {
      const id = await createAccelerator(db, principalOf(request), request.body);
      return { msg: acceleratorMessages.created, item: await acceleratorById(db, id) };
    },
  );

  app.post(
    '/cms/accelerators/update',
    {
      config: admin,
      schema: { body: updateAcceleratorBodySchema, response: { 200: withMessage(acceleratorSchema) } },
    },
    async (request) => {
      await updateAccelerator(db, principalOf(request), request.body);
      return { msg: acceleratorMessages.updated, item: await acceleratorById(db, request.body.id) };
    },
  );

  // The accelerators a participant can still use: active and not over.
  app.get(
    '/professionals/dashboard/get-all-accelerators',
    {
      config: { guard: ['professional', 'shopkeeper'] },
      schema: { querystring: participantAcceleratorsQuerySchema, response: { 200: acceleratorsPageSchema } },
    },
    (request) => acceleratorsPage(db, usableAccelerators(deps.now()), request.query),
  );
}
