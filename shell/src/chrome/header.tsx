import { session } from '@especifica/mf-shared';
import { useSession } from '@especifica/mf-shared/ui';
import { AdminHeader } from './admin-header';
import { prefetchUnreadCount } from './bell';
import { HeaderData, prefetchHeaderData } from './header-data';
import { chromeLifecycles } from './lifecycles';
import { headerKind } from './nav';
import { RegularHeader } from './regular-header';
import { usePathname } from './use-location';

/** Reads only the user: the points, which arrive after the first screen, re-draw their badge alone. */
export function Header() {
  const user = useSession((state) => state.user);
  const pathname = usePathname();
  const kind = user && headerKind(pathname, user.userType);
  return (
    <>
      <HeaderData user={user} />
      {user && kind === 'admin' && <AdminHeader user={user} />}
      {user && kind === 'regular' && <RegularHeader user={user} />}
    </>
  );
}

/**
 * Starts the header's reads (the points or the admin's picture, and the bell's count) while the access gate waits
 * (bootstrap.ts), as the screens start theirs: the header then mounts with its data instead of asking for it after
 * its first frame.
 */
export function preload(pathname: string): void {
  const user = session.value.user;
  if (!user) return;
  prefetchHeaderData(user.userType);
  const kind = headerKind(pathname, user.userType);
  if (kind === 'regular') prefetchUnreadCount();
  else if (kind === 'admin') prefetchUnreadCount('admin');
}

export const { bootstrap, mount, unmount } = chromeLifecycles('header', Header);
