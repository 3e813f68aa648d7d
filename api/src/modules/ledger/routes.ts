import {
  EXPIRING_DAYS,
  extractQuerySchema,
  extractSchema,
  pcePageSchema,
  pceQuerySchema,
} from '@especifica/mf-shared/contracts';
import { expiryPicture } from '../../domain/expiry';
import { cycleYear } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { settingsOf } from '../../kernel/settings';
import { extractPage, pcePage } from './extract.queries';
import { pointsOf } from './queries';
import { movementsOf, participantOf } from './service';

const DAY = 86_400_000;

export async function ledgerRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  app.get(
    '/professionals/extract/get-all',
    {
      config: { guard: ['professional', 'shopkeeper'] },
      schema: { querystring: extractQuerySchema, response: { 200: extractSchema } },
    },
    async (request) => {
      const query = request.query;
      const participant = participantOf(principalOf(request));
      const now = deps.now();
      const [page, points, movements, settings] = await Promise.all([
        extractPage(db, participant, query),
        pointsOf(db, participant, cycleYear(now)),
        movementsOf(db, participant),
        settingsOf(db),
      ]);
      const until = new Date(now.getTime() + EXPIRING_DAYS * DAY);
      const lots = expiryPicture(movements, now, settings.expiryMonths).open.filter((lot) => lot.expiresAt <= until);
      return {
        ...page,
        balance: fromHundredths(points.balance),
        earnedInCycle: fromHundredths(points.earned),
        expiring: {
          days: EXPIRING_DAYS,
          points: fromHundredths(lots.reduce((sum, lot) => sum + lot.remaining, 0)),
          lots: lots.map((lot) => ({ expiresAt: lot.expiresAt.toISOString(), points: fromHundredths(lot.remaining) })),
        },
      };
    },
  );

  // The programme-wide extract (PCE): every movement, with whose it is.
  app.get(
    '/cms/professionals/pce/get-all',
    { config: { guard: ['admin'] }, schema: { querystring: pceQuerySchema, response: { 200: pcePageSchema } } },
    (request) => pcePage(db, request.query),
  );
}
