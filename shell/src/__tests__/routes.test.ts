import { hasHeader, remoteFor } from '../routes';

describe('which remote owns a path', () => {
  it.each([
    ['/login', null, 'mf_auth'],
    ['/cms/login', null, 'mf_auth'],
    ['/cms/reset-password', null, 'mf_auth'],
    ['/sign-up', null, 'mf_auth'],
    ['/accounts', 'professional', 'mf_auth'],
    ['/cms/dashboard', 'admin', 'mf_cms'],
    ['/invoices', 'admin', 'mf_cms'],
    ['/invoices', 'professional', 'mf_participant'],
    ['/dashboard', 'shopkeeper', 'mf_participant'],
    ['/experiences/qrcode/a/b', null, 'mf_participant'],
  ] as const)('%s for %s is %s', (path, role, remote) => {
    expect(remoteFor(path, role)).toBe(remote);
  });
});

describe('routes without the header (spec 2.3)', () => {
  it.each([
    ['/login', false],
    ['/accounts', false],
    ['/point-extra/qrcode/1', false],
    ['/cms/login', false],
    ['/dashboard', true],
    ['/cms/dashboard', true],
    ['/sign-up-lojista', true],
  ] as const)('%s has a header: %s', (path, expected) => {
    expect(hasHeader(path)).toBe(expected);
  });
});
