import { Navigate } from '@especifica/mf-shared/router';
import { useSession } from '@especifica/mf-shared/ui';
import type { ReactNode } from 'react';

/**
 * A store manager's screen (the team, the store's sales, the approvals): anybody else lands on the overview, as the
 * menu links these screens only for managers and the API refuses them theirs.
 */
export function ManagersOnly({ children }: { children: ReactNode }) {
  const user = useSession((state) => state.user);
  if (user && (user.userType !== 'shopkeeper' || user.shopkeeperType !== 'manager')) {
    return <Navigate to="/dashboard" replace />;
  }
  return <>{children}</>;
}
