import type { Role } from '@especifica/mf-shared/contracts';

/** Spec 2.1: no login required on any path that contains one of these. */
export const PUBLIC_ROUTES = [
  '/login',
  '/forgot-password',
  '/password-recovered',
  '/reset-password',
  '/sign-up-profissional',
  '/sign-up-lojista',
  '/sign-up-finished',
  '/email-confirm',
  '/customer-objection',
  '/cms/login',
  '/cms/forgot-password',
  '/cms/password-recovered',
  '/cms/reset-password',
] as const;

export const QRCODE_EXEMPTION = '/experiences/qrcode/';

/** Spec 2.3: routes without the header. Every page keeps the footer. */
export const ROUTES_WITHOUT_HEADER = [
  '/login',
  '/sign-up-profissional',
  '/sign-up-finished',
  '/accounts',
  '/forgot-password',
  '/reset-password',
  '/password-recovered',
  '/cms/login',
  '/cms/forgot-password',
  '/cms/password-recovered',
  '/cms/reset-password',
  '/point-extra/qrcode',
] as const;

/** Screens of mf-auth: the public ones plus the sign-up choice and the account picker. */
const AUTH_ROUTES = [...PUBLIC_ROUTES, '/sign-up', '/accounts'] as const;

export type RemoteName = 'mf_auth' | 'mf_participant' | 'mf_cms';

export const isCmsPath = (pathname: string) => pathname === '/cms' || pathname.startsWith('/cms/');
export const isInvoicesPath = (pathname: string) => pathname === '/invoices' || pathname.startsWith('/invoices/');
export const isPublicPath = (pathname: string) =>
  PUBLIC_ROUTES.some((route) => pathname.includes(route)) || pathname.includes(QRCODE_EXEMPTION);
export const hasHeader = (pathname: string) => !ROUTES_WITHOUT_HEADER.some((route) => pathname.includes(route));

/** Which remote owns a path. Admins open /invoices in the CMS; participants in their own area. */
export function remoteFor(pathname: string, role: Role | null): RemoteName {
  if (AUTH_ROUTES.some((route) => pathname.includes(route))) return 'mf_auth';
  if (isCmsPath(pathname)) return 'mf_cms';
  if (role === 'admin' && isInvoicesPath(pathname)) return 'mf_cms';
  return 'mf_participant';
}
