import {
  changeStatusBodySchema,
  cmsCustomersQuerySchema,
  createCustomerBodySchema,
  customerMessages,
  customerSchema,
  customersPageSchema,
  customersQuerySchema,
  idBodySchema,
  messageSchema,
  updateCustomerBodySchema,
  withMessage,
} from '@especifica/mf-shared/contracts';
import { and } from 'drizzle-orm';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { customerById, customerFilters, customersPage, ofProfessional } from './queries';
import { changeCustomerStatus, createCustomer, renewCustomer, updateCustomer } from './service';

export async function customerRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const professional = { guard: ['professional'] as ['professional'] };

  app.post(
    '/professionals/customers/create',
    {
      config: professional,
      schema: { body: createCustomerBodySchema, response: { 200: withMessage(customerSchema) } },
    },
    async (request) => {
      const id = await createCustomer(db, deps, principalOf(request).id, request.body.data, deps.now);
      return { msg: customerMessages.created, item: await customerById(db, id, deps.now()) };
    },
  );

  app.get(
    '/professionals/customers/get-all',
    { config: professional, schema: { querystring: customersQuerySchema, response: { 200: customersPageSchema } } },
    (request) => {
      const now = deps.now();
      const where = and(ofProfessional(principalOf(request).id), ...customerFilters(request.query, now));
      return customersPage(db, where, request.query, now);
    },
  );

  app.post(
    '/professionals/customers/update',
    {
      config: professional,
      schema: { body: updateCustomerBodySchema, response: { 200: withMessage(customerSchema) } },
    },
    async (request) => {
      const { id, data } = request.body;
      await updateCustomer(db, principalOf(request).id, id, data);
      return { msg: customerMessages.updated, item: await customerById(db, id, deps.now()) };
    },
  );

  app.put(
    '/professionals/customers/renew',
    { config: professional, schema: { body: idBodySchema, response: { 200: withMessage(customerSchema) } } },
    async (request) => {
      await renewCustomer(db, principalOf(request).id, request.body.id, deps.now);
      return { msg: customerMessages.renewed, item: await customerById(db, request.body.id, deps.now()) };
    },
  );

  app.get(
    '/cms/professionals/get-all-customers',
    {
      config: { guard: ['admin'] },
      schema: { querystring: cmsCustomersQuerySchema, response: { 200: customersPageSchema } },
    },
    (request) => {
      const now = deps.now();
      return customersPage(db, and(...customerFilters(request.query, now)), request.query, now);
    },
  );

  app.post(
    '/cms/professionals/change-customer-status',
    { config: { guard: ['admin'] }, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      await changeCustomerStatus(db, principalOf(request), id, active);
      return { msg: active ? 'Cliente ativado com sucesso!' : 'Cliente desativado com sucesso!' };
    },
  );
}
