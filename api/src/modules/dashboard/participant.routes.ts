import { dashboardDataSchema } from '@especifica/mf-shared/contracts';
import type { ReadCaches } from '../../cache';
import type { Db } from '../../db/client';
import type { App } from '../../http/zod';
import { principalOf } from '../../plugins/auth';
import { standingOf } from '../ledger/standing.queries';

export async function participantRoutes(app: App, deps: { db: Db; caches: ReadCaches; now?: () => Date }) {
  const standing = { ...deps, now: deps.now ?? (() => new Date()) };

  // Shopkeepers read it too (their header shows totalPoints and level.name, spec 7.12); a consultant's has no level.
  app.get(
    '/professionals/get-dashboard-data',
    {
      config: { guard: ['professional', 'shopkeeper'] },
      schema: { response: { 200: dashboardDataSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      return { name: principal.name, ...(await standingOf(standing, principal)) };
    },
  );
}
