import type { DashboardData } from '@especifica/mf-shared/contracts';
import { cycleYear, levelFor, type Standing } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import type { AccountDeps } from '../../kernel/deps';
import type { Principal } from '../../kernel/principal';
import { cachedStanding } from './queries';
import { participantOf } from './service';

/** What the header and the profile carry of a participant's points: balance and level (the dashboard's contract). */
export type StandingAnswer = Readonly<Omit<DashboardData, 'name'>>;

// An answer drawn from a kept standing is kept beside it, frozen: each call while the standing is kept gives the same
// object, which the serializer checks against its contract and writes once (http/zod.ts). A change that drops the
// standing drops its answers with it.
const answers = new WeakMap<Standing, { withLevel?: StandingAnswer; withoutLevel?: StandingAnswer }>();

/**
 * The balance and level that the header and the profile carry. Consultants see points but no level, from this
 * call or any other (domain: people and accounts).
 */
export async function standingOf(
  deps: Pick<AccountDeps, 'db' | 'now' | 'caches'>,
  principal: Principal,
): Promise<StandingAnswer> {
  const points = await cachedStanding(deps.caches.standings, deps.db, participantOf(principal), cycleYear(deps.now()));
  const withLevel = principal.shopkeeperType !== 'consultant';
  const kept = answers.get(points) ?? {};
  const slot = withLevel ? 'withLevel' : 'withoutLevel';
  let answer = kept[slot];
  if (!answer) {
    answer = answerOf(points, withLevel);
    answers.set(points, { ...kept, [slot]: answer });
  }
  return answer;
}

function answerOf(points: Standing, withLevel: boolean): StandingAnswer {
  const standing = withLevel ? levelFor(points.rules, points.earned) : null;
  const balance = fromHundredths(points.balance);
  return Object.freeze({
    totalPoints: balance,
    level: Object.freeze({
      level: standing?.name ?? '',
      name: standing?.name ?? '',
      points: balance,
      sublevel: standing?.sublevel ?? 0,
      rank: standing?.rank ?? 0,
      nextLevel: standing?.nextLevel ?? null,
      pointsToNextLevel: standing?.toNextLevel == null ? null : fromHundredths(standing.toNextLevel),
      progress: standing?.progress ?? 0,
    }),
  });
}
