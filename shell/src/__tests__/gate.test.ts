import { GATE_DELAY_MS, type GateUser, gate } from '../gate';

const professional: GateUser = { accessToken: 't', userType: 'professional' };
const shopkeeper: GateUser = { accessToken: 't', userType: 'shopkeeper' };
const admin: GateUser = { accessToken: 't', userType: 'admin' };

describe('the access gate (spec 2.1-2.2)', () => {
  const cases: Array<[rule: string, path: string, search: string, user: GateUser | null, expected: string | null]> = [
    ['public routes need no login', '/login', '', null, null],
    ['public routes match when the path contains them', '/x/forgot-password/y', '', null, null],
    ['every listed public route is open', '/password-recovered', '', null, null],
    ['every listed public route is open', '/reset-password', '', null, null],
    ['every listed public route is open', '/sign-up-profissional', '', null, null],
    ['every listed public route is open', '/sign-up-lojista', '', null, null],
    ['every listed public route is open', '/sign-up-finished', '', null, null],
    ['every listed public route is open', '/email-confirm', '?id=1', null, null],
    ['every listed public route is open', '/cms/login', '', null, null],
    ['every listed public route is open', '/cms/forgot-password', '', null, null],
    ['every listed public route is open', '/cms/password-recovered', '', null, null],
    ['every listed public route is open', '/cms/reset-password', '', null, null],
    ['the experience QR code path is exempt', '/experiences/qrcode/abc/123', '', null, null],
    [
      'no token on a non-CMS path goes to /login with the redirect query',
      '/extract',
      '',
      null,
      '/login?redirect=%2Fextract',
    ],
    [
      'the redirect query keeps the original query',
      '/extract',
      '?page=2',
      null,
      '/login?redirect=%2Fextract%3Fpage%3D2',
    ],
    ['no token on a CMS path goes to /cms/login', '/cms/dashboard', '', null, '/cms/login'],
    ['no token on /cms itself goes to /cms/login', '/cms', '', null, '/cms/login'],
    ['a professional on a CMS path goes to /dashboard', '/cms/anything', '', professional, '/dashboard'],
    ['a shopkeeper on a CMS path goes to /dashboard', '/cms/users', '', shopkeeper, '/dashboard'],
    ['an admin outside /cms goes to /cms/dashboard', '/dashboard', '', admin, '/cms/dashboard'],
    ['an admin may open /invoices', '/invoices', '', admin, null],
    ['an admin may open paths under /invoices', '/invoices/123', '', admin, null],
    ['an admin on a CMS path stays', '/cms/users', '', admin, null],
    ['a professional stays in the participant area', '/extract', '', professional, null],
    ['a shopkeeper stays in the participant area', '/invoices', '', shopkeeper, null],
    ['a path that merely starts with cms letters is not CMS', '/cmsx', '', professional, null],
    ['the bare root sends a participant home', '/', '', professional, '/dashboard'],
    ['the bare root sends an admin to the CMS', '/', '', admin, '/cms/dashboard'],
    ['the bare root sends a visitor to login', '/', '', null, '/login?redirect=%2Fdashboard'],
  ];

  it.each(cases)('%s: %s%s', (_rule, path, search, user, expected) => {
    const decision = gate(path, search, user);
    expect(decision.allow ? null : decision.redirect).toBe(expected);
  });

  it('waits about 500 ms before rendering', () => {
    expect(GATE_DELAY_MS).toBe(500);
  });
});
