import { type ReactNode, useEffect, useState } from 'react';

/**
 * What an unknown path shows, one task later. A remote's router can hear of an address that another remote owns
 * before single-spa has unmounted it (a navigation made while an earlier one is still finishing, such as a logout
 * right after a login): shown at once, a redirect such as `<Navigate to="/dashboard" />` would pull the user back
 * from the other remote's page (the shell then sends a logged-out user to /login?redirect=/dashboard). One task
 * later, a remote that is leaving has been unmounted and shows nothing. Every remote's catch-all route goes through
 * it: the kit's `ScreenRoutes`, and mf-auth's own table (a login navigates to /dashboard the same way).
 */
export function Otherwise({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true));
    return () => clearTimeout(timer);
  }, []);
  return shown ? children : null;
}
