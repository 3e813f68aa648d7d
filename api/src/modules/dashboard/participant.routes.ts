import { dashboardDataSchema } from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { Deps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { type StandingAnswer, standingOf } from '../ledger';

const answers = new WeakMap<StandingAnswer, Readonly<{ name: string } & StandingAnswer>>();

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
      const standing = await standingOf(deps, principal);
      // Kept beside the standing it comes from, as the standing is (ledger/standing.queries.ts).
      let answer = answers.get(standing);
      if (answer?.name !== principal.name) {
        answer = Object.freeze({ name: principal.name, ...standing });
        answers.set(standing, answer);
      }
      return answer;
    },
  );
}
