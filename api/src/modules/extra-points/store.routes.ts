import {
  campaignStoresPageSchema,
  campaignStoresQuerySchema,
  grantCountSchema,
  idParamsSchema,
  removedCountSchema,
  storeGrantBodySchema,
} from '@especifica/mf-shared/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { outer } from '../../db/rows';
import { extraPointGrants, extraPointStores, stores } from '../../db/schema';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { listPage } from '../../kernel/list';
import { principalOf } from '../../plugins/auth';
import { issuerOf } from '../ledger/service';
import { findCampaign, grant, refuseClosed, revoke, shopkeepersOf } from './service';

// Campaigns for shopkeepers are given to stores: each active user of the store gets the points once.
export async function extraPointStoreRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/cms/points-extra/:id/store',
    {
      config: admin,
      schema: {
        params: idParamsSchema,
        querystring: campaignStoresQuerySchema,
        response: { 200: campaignStoresPageSchema },
      },
    },
    async (request) => {
      const query = request.query;
      await findCampaign(db, request.params.id);
      return listPage(
        query,
        {
          rows: db
            .select({
              id: stores.id,
              name: stores.name,
              cnpj: stores.cnpj,
              status: extraPointStores.status,
              createdAt: extraPointStores.createdAt,
              shopkeepers: sql<number>`(select count(*) from ${extraPointGrants} g where g.campaign_id = ${outer(extraPointStores.campaignId)}
              and g.store_id = ${outer(stores.id)} and g.status = 'granted')::int`,
            })
            .from(extraPointStores)
            .innerJoin(stores, eq(stores.id, extraPointStores.storeId))
            .$dynamic(),
          count: db.select({ total: count() }).from(extraPointStores).$dynamic(),
          where: [eq(extraPointStores.campaignId, request.params.id)],
          order: [stores.name],
          sortable: { name: stores.name, createdAt: extraPointStores.createdAt },
          id: stores.id,
        },
        (row) => ({ ...row, shopkeepers: Number(row.shopkeepers), createdAt: row.createdAt.toISOString() }),
      );
    },
  );

  app.post(
    '/cms/points-extra/add-extra-point-in-store',
    { config: admin, schema: { body: storeGrantBodySchema, response: { 200: grantCountSchema } } },
    async (request) => {
      const { idExtraPoint, idStore } = request.body;
      const principal = principalOf(request);
      const added = await db.transaction(async (tx) => {
        const campaign = await findCampaign(tx, idExtraPoint);
        refuseClosed(campaign, deps.now(), 'shopkeeper');
        const [store] = await tx.select().from(stores).where(eq(stores.id, idStore));
        if (!store) throw fail.notFound('Loja não encontrada.');
        if (!store.active) throw fail.invalid('Esta loja está inativa.', 'store-inactive');
        await tx
          .insert(extraPointStores)
          .values({ campaignId: idExtraPoint, storeId: idStore })
          .onConflictDoUpdate({
            target: [extraPointStores.campaignId, extraPointStores.storeId],
            set: { status: 'granted', removedAt: null },
          });
        const count = await grant(tx, campaign, shopkeepersOf(idStore), 'store', issuerOf(principal));
        await audit(tx, principal, {
          action: 'add-to-store',
          entity: 'extra-point',
          entityId: idExtraPoint,
          after: { store: idStore, shopkeepers: count },
        });
        return count;
      });
      return { msg: `Pontos extras concedidos a ${added} lojistas da loja.`, added, skipped: 0 };
    },
  );

  app.post(
    '/cms/points-extra/remove-extra-point-in-store',
    { config: admin, schema: { body: storeGrantBodySchema, response: { 200: removedCountSchema } } },
    async (request) => {
      const { idExtraPoint, idStore } = request.body;
      const principal = principalOf(request);
      const removed = await db.transaction(async (tx) => {
        const campaign = await findCampaign(tx, idExtraPoint);
        const [link] = await tx
          .update(extraPointStores)
          .set({ status: 'removed', removedAt: new Date() })
          .where(and(eq(extraPointStores.campaignId, idExtraPoint), eq(extraPointStores.storeId, idStore)))
          .returning();
        if (!link) throw fail.notFound('Esta loja não participa desta campanha.');
        const which = sql`select id from extra_point_grants where campaign_id = ${idExtraPoint} and store_id = ${idStore}`;
        const count = await revoke(tx, campaign, which, issuerOf(principal), 'loja removida da campanha');
        await audit(tx, principal, {
          action: 'remove-from-store',
          entity: 'extra-point',
          entityId: idExtraPoint,
          before: { store: idStore, status: 'granted' },
          after: { store: idStore, status: 'removed', shopkeepers: count },
        });
        return count;
      });
      return { msg: 'Loja removida da campanha.', removed };
    },
  );
}
