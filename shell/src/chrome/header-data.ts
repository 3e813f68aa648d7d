import { api, type Result, type Score, type StoredUser, session } from '@especifica/mf-shared';
import {
  getMyRules,
  myRulesKey,
  prefetchApiQuery,
  queryKeys,
  scoreShown,
  useApiQuery,
  useLiveUpdates,
  useMyRules,
} from '@especifica/mf-shared/kit';
import { useEffect } from 'react';

interface ProfileData {
  profileImage?: string | null;
  level?: { points?: number; level?: string; sublevel?: number; rank?: number };
}
interface DashboardData {
  totalPoints?: number;
  level?: { name?: string; sublevel?: number; rank?: number };
}
interface HeaderData {
  profileImage?: string | null;
  score?: Score;
}

/** What each header reads (spec 7.12): the admin's profile image, the professional's profile data, the shopkeeper's dashboard data. */
export async function readHeaderData(userType: StoredUser['userType']): Promise<Result<HeaderData>> {
  if (userType === 'admin') {
    const [me, error] = await api.get<ProfileData>('/cms/users/me');
    return me ? [{ profileImage: me.profileImage }, null] : [null, error];
  }
  if (userType === 'professional') {
    const [profile, error] = await api.get<ProfileData>('/professionals/get-profile-data');
    if (!profile) return [null, error];
    const { level } = profile;
    const score =
      level?.level !== undefined && typeof level.points === 'number'
        ? { level: level.level, points: level.points, sublevel: level.sublevel ?? 0, rank: level.rank }
        : undefined;
    return [{ profileImage: profile.profileImage, score }, null];
  }
  const [dashboard, error] = await api.get<DashboardData>('/professionals/get-dashboard-data');
  if (!dashboard) return [null, error];
  const score =
    typeof dashboard.totalPoints === 'number'
      ? {
          level: dashboard.level?.name ?? '',
          points: dashboard.totalPoints,
          sublevel: dashboard.level?.sublevel ?? 0,
          rank: dashboard.level?.rank,
        }
      : undefined;
  return [{ score }, null];
}

const headerDataKey = (userType: StoredUser['userType']) =>
  userType === 'admin' ? [...queryKeys.cms, 'me'] : [...queryKeys.standing, userType];

/** Starts the header's read into the entry HeaderData reads, before the header has mounted. */
export const prefetchHeaderData = (userType: StoredUser['userType']) => {
  // A professional's badge also follows the rules of their profession (what it shows of the level and the points).
  if (userType === 'professional') void prefetchApiQuery(myRulesKey, getMyRules);
  return prefetchApiQuery(headerDataKey(userType), () => readHeaderData(userType));
};

/**
 * The header's data through the one query cache, so that a change anywhere (an approval, a redemption) that
 * invalidates the participant's standing refreshes the badge without a reload. Failures are silently ignored: the
 * header keeps what the session has (spec 8). A component of its own that draws nothing, so that the query's own
 * changes (fetching, then its answer) re-render only it: the header re-renders when the session it shows changes.
 */
export function HeaderData({ user }: { user: Pick<StoredUser, 'userType' | 'accessToken'> | null }): null {
  const userType = user?.userType ?? 'professional';
  const { data, updatedAt } = useApiQuery(headerDataKey(userType), () => readHeaderData(userType), {
    silent: true,
    enabled: Boolean(user),
  });
  // The rules of the professional's profession decide whether the badge shows the level and the points.
  const rules = useMyRules(Boolean(user) && userType === 'professional').data;
  // The bell, the points and the admin's queue follow the live stream without a reload (docs/live.md).
  useLiveUpdates(user);
  // Every answer, even one equal to the last: a badge moved at once by a change (moveBalance) after the live stream's
  // refetch had already brought the new balance is put back by the change's own refetch.
  useEffect(() => {
    if (!data || !updatedAt) return;
    // The session changes only where these differ from what it keeps.
    if (data.profileImage !== undefined) session.patchUser({ profileImage: data.profileImage });
    if (data.score) session.setScore({ ...data.score, ...scoreShown(rules) });
  }, [data, updatedAt, rules]);
  return null;
}
