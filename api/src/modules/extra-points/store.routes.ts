import {
  campaignStoresPageSchema,
  campaignStoresQuerySchema,
  grantCountSchema,
  idParamsSchema,
  removedCountSchema,
  storeGrantBodySchema,
} from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { campaignStoresPage } from './queries';
import { addToStore, findCampaign, grantedToStore, removeFromStore } from './service';

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
      return campaignStoresPage(db, request.params.id, query);
    },
  );

  app.post(
    '/cms/points-extra/add-extra-point-in-store',
    { config: admin, schema: { body: storeGrantBodySchema, response: { 200: grantCountSchema } } },
    async (request) => {
      const { idExtraPoint, idStore } = request.body;
      const added = await addToStore(db, deps.jobs, principalOf(request), idExtraPoint, idStore, deps.now());
      return { msg: grantedToStore(added), added, skipped: 0 };
    },
  );

  app.post(
    '/cms/points-extra/remove-extra-point-in-store',
    { config: admin, schema: { body: storeGrantBodySchema, response: { 200: removedCountSchema } } },
    async (request) => {
      const { idExtraPoint, idStore } = request.body;
      const removed = await removeFromStore(db, principalOf(request), idExtraPoint, idStore);
      return { msg: 'Loja removida da campanha.', removed };
    },
  );
}
