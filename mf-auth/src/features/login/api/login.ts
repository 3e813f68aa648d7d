import { api, type Result } from '@especifica/mf-shared';
import type { LoginBody, LoginResponse, Role, TermsPending } from '@especifica/mf-shared/contracts';

const endpoints: Record<Role, string> = {
  professional: '/auth/login',
  shopkeeper: '/auth/shopkeeper-login',
  admin: '/auth/admin-login',
};

/** A session, or the regulation to accept first (LOGIN_ACCEPT_TERM_IN). */
export function login(role: Role, body: LoginBody): Promise<Result<LoginResponse | TermsPending>> {
  return api.post<LoginResponse | TermsPending>(endpoints[role], body);
}

export const isTermsPending = (data: LoginResponse | TermsPending): data is TermsPending => 'termsToken' in data;

/** Where a fresh session goes: the account picker when the login opened several accounts. */
export function afterLogin(session: LoginResponse, redirect: string | null): string {
  return session.loginAllUsers ? '/accounts' : safeRedirect(redirect, session.user.userType);
}

/** Only same-origin paths are followed after login, so a crafted link cannot send the user elsewhere. */
export function safeRedirect(target: string | null, role: Role): string {
  const home = role === 'admin' ? '/cms/dashboard' : '/dashboard';
  if (!target?.startsWith('/') || target.startsWith('//') || target.includes('\\')) return home;
  return target;
}

export function acceptTerms(termsToken: string, version: number): Promise<Result<LoginResponse>> {
  return api.post<LoginResponse>('/auth/accept-terms', { termsToken, version, accept: true });
}
