import { cycleYear, levelFor } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import type { AccountDeps } from '../../kernel/deps';
import type { Principal } from '../../kernel/principal';
import { cachedStanding } from './queries';
import { participantOf } from './service';

/**
 * The balance and level that the header and the profile carry. Consultants see points but no level, from this
 * call or any other (domain: people and accounts).
 */
export async function standingOf(deps: Pick<AccountDeps, 'db' | 'now' | 'caches'>, principal: Principal) {
  const points = await cachedStanding(deps.caches.standings, deps.db, participantOf(principal), cycleYear(deps.now()));
  const standing = principal.shopkeeperType === 'consultant' ? null : levelFor(points.rules, points.earned);
  const balance = fromHundredths(points.balance);
  return {
    totalPoints: balance,
    level: {
      level: standing?.name ?? '',
      name: standing?.name ?? '',
      points: balance,
      sublevel: standing?.sublevel ?? 0,
      rank: standing?.rank ?? 0,
      nextLevel: standing?.nextLevel ?? null,
      pointsToNextLevel: standing?.toNextLevel == null ? null : fromHundredths(standing.toNextLevel),
      progress: standing?.progress ?? 0,
    },
  };
}
