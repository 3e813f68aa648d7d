import { useSession } from '@especifica/mf-shared/ui';
import { AdminHeader } from './admin-header';
import { useHeaderData } from './header-data';
import { chromeLifecycles } from './lifecycles';
import { headerKind } from './nav';
import { RegularHeader } from './regular-header';
import { usePathname } from './use-location';

export function Header() {
  const { user, score } = useSession();
  const pathname = usePathname();
  useHeaderData(user);

  if (!user) return null;
  const kind = headerKind(pathname, user.userType);
  if (kind === 'admin') return <AdminHeader user={user} />;
  if (kind === 'regular') return <RegularHeader user={user} score={score} />;
  return null;
}

export const { bootstrap, mount, unmount } = chromeLifecycles('header', Header);
