import { useSession } from '@especifica/mf-shared/ui';
import { useEffect } from 'react';
import { AdminHeader } from './admin-header';
import { refreshHeaderData } from './header-data';
import { chromeLifecycles } from './lifecycles';
import { headerKind } from './nav';
import { RegularHeader } from './regular-header';
import { usePathname } from './use-location';

export function Header() {
  const { user, score } = useSession();
  const pathname = usePathname();
  const userType = user?.userType;
  const token = user?.accessToken;

  useEffect(() => {
    if (userType && token) void refreshHeaderData({ userType });
  }, [userType, token]);

  if (!user) return null;
  const kind = headerKind(pathname, user.userType);
  if (kind === 'admin') return <AdminHeader user={user} />;
  if (kind === 'regular') return <RegularHeader user={user} score={score} />;
  return null;
}

export const { bootstrap, mount, unmount } = chromeLifecycles('header', Header);
