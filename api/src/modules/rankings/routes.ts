import { rankingPageSchema, rankingQuerySchema, sellerRankingQuerySchema } from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../kernel/principal';
import { storeOfShopkeeper } from '../stores';
import {
  type Period,
  periodOf,
  professionalsRanked,
  type RankedEntity,
  ranking,
  sellersRanked,
  storesRanked,
} from './queries';

export async function rankingRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const response = { 200: rankingPageSchema };
  const rank = (entity: RankedEntity, query: Parameters<typeof ranking>[3], period: Period, me: string | null) =>
    ranking(db, deps.caches.rankingCounts, entity, query, period, me);

  app.get(
    '/cms/professionals/get-professionals-ranking',
    { config: { guard: ['admin'] }, schema: { querystring: rankingQuerySchema, response } },
    (request) => {
      const period = periodOf(request.query, deps.now());
      return rank(professionalsRanked(period), request.query, period, null);
    },
  );

  app.get(
    '/cms/stores/get-stores-ranking',
    { config: { guard: ['admin'] }, schema: { querystring: rankingQuerySchema, response } },
    (request) => {
      const period = periodOf(request.query, deps.now());
      return rank(storesRanked(period), request.query, period, null);
    },
  );

  // The spec's "external" seller dashboard; this API serves it at the same address.
  app.get(
    '/admin/dashboard/store-sellers',
    { config: { guard: ['admin'] }, schema: { querystring: sellerRankingQuerySchema, response } },
    (request) => {
      const period = periodOf(request.query, deps.now());
      return rank(sellersRanked(period, request.query.storeId), request.query, period, null);
    },
  );

  app.get(
    '/shopkeeper/seller-ranking',
    { config: { guard: ['shopkeeper'] }, schema: { querystring: sellerRankingQuerySchema, response } },
    async (request) => {
      const period = periodOf(request.query, deps.now());
      const principal = principalOf(request);
      // A seller reads their own store's ranking only: other stores' sellers and points are not theirs to see.
      const storeId = await storeOfShopkeeper(db, principal);
      if (request.query.storeId && request.query.storeId !== storeId) {
        throw fail.forbidden('Você só pode ver o ranking dos vendedores da sua loja.', 'other-store');
      }
      return rank(sellersRanked(period, storeId), request.query, period, principal.id);
    },
  );

  app.get(
    '/professionals/ranking',
    { config: { guard: ['professional'] }, schema: { querystring: rankingQuerySchema, response } },
    (request) => {
      const period = periodOf(request.query, deps.now());
      return rank(professionalsRanked(period), request.query, period, principalOf(request).id);
    },
  );
}
