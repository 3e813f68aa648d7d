import type { acceleratorSorts } from '@especifica/mf-shared/contracts';
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
import { and, count, desc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outer } from '../../db/rows';
import { accelerators, products, stores } from '../../db/schema';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';
import { searchAny } from '../../kernel/search';
import { principalOf } from '../../plugins/auth';

type Row = typeof accelerators.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The name a person reads for an id target: the product's or the store's.
const targetLabel = sql<string>`coalesce(
  (select ${products.name} from ${products} where ${outer(accelerators.targetType)} = 'product'
     and ${products.id}::text = ${outer(accelerators.targetValue)}),
  (select ${stores.name} from ${stores} where ${outer(accelerators.targetType)} = 'store'
     and ${stores.id}::text = ${outer(accelerators.targetValue)}),
  ${outer(accelerators.targetValue)})`;

const out = (row: Row & { targetLabel: string }) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  multiplier: row.multiplier / 100,
  targetType: row.targetType,
  targetValue: row.targetValue,
  targetLabel: row.targetLabel,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  active: row.active,
  createdAt: row.createdAt.toISOString(),
});

async function checkTarget(db: Db, targetType: Row['targetType'], targetValue: string) {
  if (targetType !== 'product' && targetType !== 'store') return;
  const table = targetType === 'product' ? products : stores;
  const found = UUID.test(targetValue) && (await db.$count(table, eq(table.id, targetValue))) > 0;
  if (!found) throw fail.invalid(acceleratorMessages.targetValue, 'accelerator-target-not-found');
}

export async function acceleratorRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  const page = (where: SQL | undefined, query: ListPageQuery<(typeof acceleratorSorts)[number]>) =>
    listPage(
      query,
      {
        rows: db
          .select({ ...acceleratorColumns, targetLabel })
          .from(accelerators)
          .$dynamic(),
        count: db.select({ total: count() }).from(accelerators).$dynamic(),
        where: [where],
        order: [desc(accelerators.startsAt), accelerators.id],
        sortable: {
          name: accelerators.name,
          startsAt: accelerators.startsAt,
          endsAt: accelerators.endsAt,
          multiplier: accelerators.multiplier,
          createdAt: accelerators.createdAt,
        },
        id: accelerators.id,
      },
      out,
    );

  async function one(id: string) {
    const [row] = await db
      .select({ ...acceleratorColumns, targetLabel })
      .from(accelerators)
      .where(eq(accelerators.id, id));
    if (!row) throw fail.notFound(acceleratorMessages.notFound);
    return out(row);
  }

  app.get(
    '/cms/accelerators/get-all',
    { config: admin, schema: { querystring: acceleratorsQuerySchema, response: { 200: acceleratorsPageSchema } } },
    (request) => {
      const query = request.query;
      const now = deps.now();
      const conditions: (SQL | undefined)[] = [searchAny(query.search, [accelerators.name, accelerators.targetValue])];
      if (query.active !== undefined) conditions.push(eq(accelerators.active, query.active));
      if (query.targetType) conditions.push(eq(accelerators.targetType, query.targetType));
      if (query.current || query.when === 'current') {
        conditions.push(lte(accelerators.startsAt, now), gt(accelerators.endsAt, now));
      }
      if (query.when === 'upcoming') conditions.push(gt(accelerators.startsAt, now));
      if (query.when === 'past') conditions.push(lte(accelerators.endsAt, now));
      return page(and(...conditions), query);
    },
  );

  app.get(
    '/cms/accelerators/get-one',
    { config: admin, schema: { querystring: acceleratorQuerySchema, response: { 200: acceleratorSchema } } },
    (request) => one(request.query.id),
  );

  app.post(
    '/cms/accelerators/create',
    {
      config: admin,
      schema: { body: createAcceleratorBodySchema, response: { 200: withMessage(acceleratorSchema) } },
    },
    async (request) => {
      const body = request.body;
      await checkTarget(db, body.targetType, body.targetValue);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(accelerators)
          .values({
            ...body,
            multiplier: Math.round(body.multiplier * 100),
            startsAt: new Date(body.startsAt),
            endsAt: new Date(body.endsAt),
          })
          .returning();
        if (!row) throw new Error('accelerator not created');
        await audit(tx, principalOf(request), {
          action: 'create',
          entity: 'accelerator',
          entityId: row.id,
          after: row,
        });
        return row.id;
      });
      return { msg: acceleratorMessages.created, item: await one(id) };
    },
  );

  app.post(
    '/cms/accelerators/update',
    {
      config: admin,
      schema: { body: updateAcceleratorBodySchema, response: { 200: withMessage(acceleratorSchema) } },
    },
    async (request) => {
      const { id, multiplier, startsAt, endsAt, ...rest } = request.body;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(accelerators).where(eq(accelerators.id, id));
        if (!before) throw fail.notFound(acceleratorMessages.notFound);
        const next = {
          ...rest,
          ...(multiplier === undefined ? {} : { multiplier: Math.round(multiplier * 100) }),
          ...(startsAt === undefined ? {} : { startsAt: new Date(startsAt) }),
          ...(endsAt === undefined ? {} : { endsAt: new Date(endsAt) }),
        };
        const merged = { ...before, ...next };
        if (merged.endsAt <= merged.startsAt) {
          throw fail.badRequest('A data final precisa ser depois da inicial.', 'validation');
        }
        await checkTarget(tx, merged.targetType, merged.targetValue);
        const [after] = await tx
          .update(accelerators)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(accelerators.id, id))
          .returning();
        await audit(tx, principalOf(request), { action: 'update', entity: 'accelerator', entityId: id, before, after });
      });
      return { msg: acceleratorMessages.updated, item: await one(id) };
    },
  );

  // The accelerators a participant can still use: active and not over.
  app.get(
    '/professionals/dashboard/get-all-accelerators',
    {
      config: { guard: ['professional', 'shopkeeper'] },
      schema: { querystring: participantAcceleratorsQuerySchema, response: { 200: acceleratorsPageSchema } },
    },
    (request) => page(and(eq(accelerators.active, true), gt(accelerators.endsAt, deps.now())), request.query),
  );
}

const acceleratorColumns = {
  id: accelerators.id,
  name: accelerators.name,
  description: accelerators.description,
  multiplier: accelerators.multiplier,
  targetType: accelerators.targetType,
  targetValue: accelerators.targetValue,
  startsAt: accelerators.startsAt,
  endsAt: accelerators.endsAt,
  active: accelerators.active,
  createdAt: accelerators.createdAt,
  updatedAt: accelerators.updatedAt,
};
