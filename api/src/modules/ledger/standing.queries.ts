import { cycleYear, levelFor } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import type { AccountDeps } from '../../kernel/deps';
import { cachedStanding } from './queries';

/** The level and balance that the profile carries for the header, computed as the dashboard does. */
export async function standingOf(
  deps: Pick<AccountDeps, 'db' | 'now' | 'caches'>,
  kind: 'professional' | 'shopkeeper',
  id: string,
) {
  const points = await cachedStanding(deps.caches.standings, deps.db, { kind, id }, cycleYear(deps.now()));
  const rules = points.rules;
  const standing = levelFor(rules, points.earned);
  const balance = fromHundredths(points.balance);
  return {
    totalPoints: balance,
    level: {
      level: standing?.name ?? '',
      name: standing?.name ?? '',
      points: balance,
      sublevel: standing?.sublevel ?? 0,
    },
  };
}
