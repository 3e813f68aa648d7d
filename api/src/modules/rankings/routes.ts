import { rankingPageSchema, rankingQuerySchema, sellerRankingQuerySchema } from '@especifica/mf-shared/contracts';
import { sql } from 'drizzle-orm';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../plugins/auth';
import { storeOfShopkeeper } from '../stores/queries';
import { earnedIn, type Period, periodOf, type RankedEntity, ranking } from './queries';

export const professionalsRanked = (period: Period): RankedEntity => ({
  points: earnedIn('professional', period),
  join: sql`join professionals e on e.id = pt.participant_id`,
  name: sql`e.name`,
  detail: sql`null::text`,
  // Blocked professionals are kept for audit but take no part.
  filter: sql`e.behaviour <> 'blocked'`,
  excluded: sql`select id from professionals where behaviour = 'blocked'`,
});

/** Sellers: every shopkeeper but consultants, optionally of one store. */
export const sellersRanked = (period: Period, storeId?: string): RankedEntity => ({
  points: earnedIn('shopkeeper', period),
  join: sql`join store_users e on e.id = pt.participant_id join stores s on s.id = e.store_id`,
  name: sql`e.name`,
  detail: sql`s.name`,
  filter: storeId
    ? sql`e.shopkeeper_type <> 'consultant' and e.store_id = ${storeId}`
    : sql`e.shopkeeper_type <> 'consultant'`,
});

/** A store's points are the sum of its shopkeepers' (domain: points). */
export const storesRanked = (period: Period): RankedEntity => ({
  points: sql`select u.store_id as participant_id, sum(c.earned)::bigint as earned, max(c.reached_at) as reached_at
    from (${earnedIn('shopkeeper', period)}) c join store_users u on u.id = c.participant_id group by u.store_id`,
  join: sql`join stores e on e.id = pt.participant_id`,
  name: sql`e.name`,
  detail: sql`e.cnpj`,
  filter: sql`true`,
});

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
