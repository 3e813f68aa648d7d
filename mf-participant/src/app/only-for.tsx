import { Navigate } from '@especifica/mf-shared/router';
import { useSession } from '@especifica/mf-shared/ui';
import type { ReactNode } from 'react';

/** A screen of one kind of participant (spec 6): anybody else lands on the overview, as the header never links it. */
export function OnlyFor({ userType, children }: { userType: 'professional' | 'shopkeeper'; children: ReactNode }) {
  const user = useSession((state) => state.user);
  if (user && user.userType !== userType) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
