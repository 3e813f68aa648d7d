import { useSession } from '@especifica/mf-shared/ui';
import { AdminHeader } from './admin-header';
import { HeaderData } from './header-data';
import { chromeLifecycles } from './lifecycles';
import { headerKind } from './nav';
import { RegularHeader } from './regular-header';
import { usePathname } from './use-location';

export function Header() {
  const { user, score } = useSession();
  const pathname = usePathname();
  const kind = user && headerKind(pathname, user.userType);
  return (
    <>
      <HeaderData user={user} />
      {user && kind === 'admin' && <AdminHeader user={user} />}
      {user && kind === 'regular' && <RegularHeader user={user} score={score} />}
    </>
  );
}

export const { bootstrap, mount, unmount } = chromeLifecycles('header', Header);
