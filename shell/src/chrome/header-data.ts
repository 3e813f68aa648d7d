import { api, type StoredUser, session } from '@especifica/mf-shared';

interface ProfileData {
  profileImage?: string | null;
  level?: { points?: number; level?: string; sublevel?: number };
}
interface DashboardData {
  totalPoints?: number;
  level?: { name?: string; sublevel?: number };
}

/**
 * What each header reads (spec 7.12): the admin's profile image, the professional's profile data, the
 * shopkeeper's dashboard data. Failures are silently ignored: the header keeps what the session has.
 */
export async function refreshHeaderData(user: Pick<StoredUser, 'userType'>): Promise<void> {
  if (user.userType === 'admin') {
    const [me] = await api.get<ProfileData>('/cms/users/me');
    if (me && me.profileImage !== undefined) session.patchUser({ profileImage: me.profileImage });
    return;
  }
  if (user.userType === 'professional') {
    const [profile] = await api.get<ProfileData>('/professionals/get-profile-data');
    if (!profile) return;
    if (profile.profileImage !== undefined) session.patchUser({ profileImage: profile.profileImage });
    if (profile.level?.level !== undefined && typeof profile.level.points === 'number') {
      session.setScore({
        level: profile.level.level,
        points: profile.level.points,
        sublevel: profile.level.sublevel ?? 0,
      });
    }
    return;
  }
  const [dashboard] = await api.get<DashboardData>('/professionals/get-dashboard-data');
  if (dashboard && typeof dashboard.totalPoints === 'number') {
    session.setScore({
      level: dashboard.level?.name ?? '',
      points: dashboard.totalPoints,
      sublevel: dashboard.level?.sublevel ?? 0,
    });
  }
}
