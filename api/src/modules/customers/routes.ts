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
import { and, count, desc, eq, gt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, professionals } from '../../db/schema';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';
import { searchAny } from '../../kernel/search';
import { settingsOf } from '../../kernel/settings';
import { principalOf } from '../../plugins/auth';
import { openCustomerWindow } from './service';

const DAY = 86_400_000;

export async function customerRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const professional = { guard: ['professional'] as ['professional'] };

  const out = (row: { customer: typeof customers.$inferSelect; professionalName: string }) => ({
    id: row.customer.id,
    active: row.customer.active,
    data: {
      name: row.customer.name,
      cpf: row.customer.cpf,
      phone: row.customer.phone,
      email: row.customer.email,
    },
    validUntil: row.customer.validUntil.toISOString(),
    expired: row.customer.validUntil <= deps.now(),
    professional: { id: row.customer.professionalId, name: row.professionalName },
    createdAt: row.customer.createdAt.toISOString(),
  });

  const page = (where: SQL | undefined, query: ListPageQuery<'name' | 'createdAt' | 'validUntil'>) =>
    listPage(
      query,
      {
        rows: db
          .select({ customer: customers, professionalName: professionals.name })
          .from(customers)
          .innerJoin(professionals, eq(professionals.id, customers.professionalId))
          .$dynamic(),
        count: db.select({ total: count() }).from(customers).$dynamic(),
        where: [where],
        order: [desc(customers.createdAt), customers.id],
        sortable: { name: customers.name, createdAt: customers.createdAt, validUntil: customers.validUntil },
        id: customers.id,
      },
      out,
    );

  const filters = (query: { search?: string; active?: boolean; expired?: boolean }) => {
    const now = deps.now();
    const conditions: (SQL | undefined)[] = [searchAny(query.search, [customers.name, customers.cpf])];
    if (query.active !== undefined) conditions.push(eq(customers.active, query.active));
    if (query.expired !== undefined) {
      conditions.push(query.expired ? lte(customers.validUntil, now) : gt(customers.validUntil, now));
    }
    return conditions;
  };

  /** The professional's own customer, or 404 (somebody else's is not found either). */
  async function own(tx: Db, professionalId: string, id: string) {
    const [row] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, id), eq(customers.professionalId, professionalId)));
    if (!row) throw fail.notFound(customerMessages.notFound);
    return row;
  }

  /** Refuses a CPF that another professional holds now: attribution must name one professional. */
  async function refuseIfHeldByAnother(tx: Db, professionalId: string, cpf: string) {
    // Two professionals registering one CPF at once would both see it free: serialise on the CPF.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`customer:${cpf}`}, 0))`);
    const held = await tx.$count(
      customers,
      and(
        eq(customers.cpf, cpf),
        ne(customers.professionalId, professionalId),
        eq(customers.active, true),
        gt(customers.validUntil, deps.now()),
      ),
    );
    if (held > 0) throw fail.conflict(customerMessages.takenByOther, 'customer-taken');
  }

  const oneOut = async (id: string) => {
    const [row] = await db
      .select({ customer: customers, professionalName: professionals.name })
      .from(customers)
      .innerJoin(professionals, eq(professionals.id, customers.professionalId))
      .where(eq(customers.id, id));
    if (!row) throw fail.notFound(customerMessages.notFound);
    return out(row);
  };

  app.post(
    '/professionals/customers/create',
    {
      config: professional,
      schema: { body: createCustomerBodySchema, response: { 200: withMessage(customerSchema) } },
    },
    async (request) => {
      const me = principalOf(request).id;
      const { data } = request.body;
      const { customerWindowDays } = await settingsOf(db);
      const now = deps.now();
      const until = new Date(now.getTime() + customerWindowDays * DAY);
      const id = await db.transaction(async (tx) => {
        await refuseIfHeldByAnother(tx, me, data.cpf);
        const [mine] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.professionalId, me), eq(customers.cpf, data.cpf)));
        if (mine) throw fail.conflict(customerMessages.alreadyYours, 'customer-exists', { id: mine.id });
        const [row] = await tx
          .insert(customers)
          .values({
            professionalId: me,
            name: data.name,
            cpf: data.cpf,
            phone: data.phone ?? null,
            email: data.email ?? null,
            validUntil: until,
          })
          .returning({ id: customers.id });
        if (!row) throw new Error('customer not created');
        await openCustomerWindow(tx, row.id, now, until);
        return row.id;
      });
      return { msg: customerMessages.created, item: await oneOut(id) };
    },
  );

  app.get(
    '/professionals/customers/get-all',
    { config: professional, schema: { querystring: customersQuerySchema, response: { 200: customersPageSchema } } },
    (request) =>
      page(and(eq(customers.professionalId, principalOf(request).id), ...filters(request.query)), request.query),
  );

  app.post(
    '/professionals/customers/update',
    {
      config: professional,
      schema: { body: updateCustomerBodySchema, response: { 200: withMessage(customerSchema) } },
    },
    async (request) => {
      const { id, data } = request.body;
      await own(db, principalOf(request).id, id);
      await db
        .update(customers)
        .set({ ...data, updatedAt: new Date() })
        .where(eq(customers.id, id));
      return { msg: customerMessages.updated, item: await oneOut(id) };
    },
  );

  app.put(
    '/professionals/customers/renew',
    { config: professional, schema: { body: idBodySchema, response: { 200: withMessage(customerSchema) } } },
    async (request) => {
      const me = principalOf(request).id;
      const { customerWindowDays } = await settingsOf(db);
      await db.transaction(async (tx) => {
        const customer = await own(tx, me, request.body.id);
        if (!customer.active) {
          throw fail.invalid(
            'Este cliente foi desativado pela administração e não pode ser renovado.',
            'customer-inactive',
          );
        }
        await refuseIfHeldByAnother(tx, me, customer.cpf);
        const now = deps.now();
        const until = new Date(now.getTime() + customerWindowDays * DAY);
        await tx
          .update(customers)
          .set({ validUntil: until, updatedAt: new Date() })
          .where(eq(customers.id, customer.id));
        await openCustomerWindow(tx, customer.id, now, until);
      });
      return { msg: customerMessages.renewed, item: await oneOut(request.body.id) };
    },
  );

  app.get(
    '/cms/professionals/get-all-customers',
    {
      config: { guard: ['admin'] },
      schema: { querystring: cmsCustomersQuerySchema, response: { 200: customersPageSchema } },
    },
    (request) => {
      const query = request.query;
      const conditions = filters(query);
      if (query.professionalId) conditions.push(eq(customers.professionalId, query.professionalId));
      return page(and(...conditions), query);
    },
  );

  app.post(
    '/cms/professionals/change-customer-status',
    { config: { guard: ['admin'] }, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(customers).where(eq(customers.id, id));
        if (!before) throw fail.notFound(customerMessages.notFound);
        await tx.update(customers).set({ active, updatedAt: new Date() }).where(eq(customers.id, id));
        await audit(tx, principalOf(request), {
          action: 'change-status',
          entity: 'customer',
          entityId: id,
          before: { active: before.active },
          after: { active },
        });
      });
      return { msg: active ? 'Cliente ativado com sucesso!' : 'Cliente desativado com sucesso!' };
    },
  );
}
