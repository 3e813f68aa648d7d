import { dashboardDataSchema } from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { Deps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { standingOf } from '../ledger';

export async function participantRoutes(app: App, deps: Pick<Deps, 'db' | 'caches' | 'now'>) {
  // Shopkeepers read it too (their header shows totalPoints and level.name, spec 7.12); a consultant's has no level.
  app.get(
    '/professionals/get-dashboard-data',
    {
      config: { guard: ['professional', 'shopkeeper'] },
      schema: { response: { 200: dashboardDataSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      return { name: principal.name, ...(await standingOf(deps, principal)) };
    },
  );
}
