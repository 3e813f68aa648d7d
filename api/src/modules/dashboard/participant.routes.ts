import { dashboardDataSchema } from '@especifica/mf-shared/contracts';
import type { ReadCaches } from '../../cache';
import type { Db } from '../../db/client';
import { cycleYear, levelFor } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import type { App } from '../../http/zod';
import { principalOf } from '../../plugins/auth';
import { cachedStanding } from '../ledger/queries';

export async function participantRoutes(app: App, deps: { db: Db; caches: ReadCaches; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  // Shopkeepers read it too (their header shows totalPoints and level.name, spec 7.12).
  app.get(
    '/professionals/get-dashboard-data',
    {
      config: { guard: ['professional', 'shopkeeper'] },
      schema: { response: { 200: dashboardDataSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      const kind = principal.role === 'shopkeeper' ? 'shopkeeper' : 'professional';
      const points = await cachedStanding(deps.caches.standings, deps.db, { kind, id: principal.id }, cycleYear(now()));
      const rules = points.rules;
      const standing = levelFor(rules, points.earned);
      const balance = fromHundredths(points.balance);
      return {
        name: principal.name,
        totalPoints: balance,
        level: {
          level: standing?.name ?? '',
          name: standing?.name ?? '',
          points: balance,
          sublevel: standing?.sublevel ?? 0,
          nextLevel: standing?.nextLevel ?? null,
          pointsToNextLevel: standing?.toNextLevel == null ? null : fromHundredths(standing.toNextLevel),
        },
      };
    },
  );
}
