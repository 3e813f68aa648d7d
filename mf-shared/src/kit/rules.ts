import { api } from '@especifica/mf-shared';
import type { MyRules } from '@especifica/mf-shared/contracts';
import { queryKeys, useApiQuery } from './data';

// The rules of the signed-in professional's profession (domain.md, "Rules per profession"): every page that shows
// points to earn, prices in points or levels reads them here, under the participant's standing, so that the
// notice of a change (live stream) refreshes them with the points.

export const myRulesKey = [...queryKeys.standing, 'rules'] as const;

export const getMyRules = () => api.get<MyRules>('/professionals/rules');

/** The professional's rules (a shopkeeper's are the defaults); `enabled` false for anyone else. */
export const useMyRules = (enabled = true) =>
  useApiQuery(myRulesKey, getMyRules, { silent: true, enabled, staleTime: 60_000 });

/**
 * What the header's badge shows under these rules: the level only where the profession has levels, and the points
 * only where they can still be earned or spent. Unknown rules (not read yet, a shopkeeper) show both.
 */
export const scoreShown = (rules: MyRules | undefined) => ({
  showPoints: !rules || rules.earns === 'points' || rules.experiences === 'points',
  showLevel: !rules || rules.levels,
});
