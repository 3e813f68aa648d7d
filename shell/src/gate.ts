import type { Role } from '@especifica/mf-shared/contracts';
import { isCmsPath, isInvoicesPath, isPublicPath } from './routes';

export interface GateUser {
  accessToken: string;
  userType: Role;
}

export type GateDecision = { allow: true } | { allow: false; redirect: string };

/** Spec 2.2, nothing rendered until about 500 ms after the check completes. */
export const GATE_DELAY_MS = 500;

const allow: GateDecision = { allow: true };
const redirect = (to: string): GateDecision => ({ allow: false, redirect: to });

/**
 * The access gate of spec 2.1-2.2. The bare root is the participant's home, so it is gated as /dashboard.
 */
export function gate(pathname: string, search: string, user: GateUser | null): GateDecision {
  if (pathname === '/' || pathname === '')
    return user?.userType === 'admin' ? redirect('/cms/dashboard') : redirectHome(user);
  if (isPublicPath(pathname)) return allow;
  if (!user?.accessToken) {
    if (isCmsPath(pathname)) return redirect('/cms/login');
    return redirect(`/login?redirect=${encodeURIComponent(pathname + search)}`);
  }
  const cms = isCmsPath(pathname);
  if (user.userType !== 'admin' && cms) return redirect('/dashboard');
  if (user.userType === 'admin' && !cms && !isInvoicesPath(pathname)) return redirect('/cms/dashboard');
  return allow;
}

function redirectHome(user: GateUser | null): GateDecision {
  return user?.accessToken ? redirect('/dashboard') : redirect('/login?redirect=%2Fdashboard');
}
