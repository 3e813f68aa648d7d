import { createI18n } from '@especifica/mf-shared';
import { activeHref, adminGroups, headerKind, nameInitials, participantLinks, userMenuLinks } from '../nav';
import { pointsBadgeText } from '../parts';

const ext = { samplesKit: 'https://kit', contactUs: 'https://chat' };

describe('header rules', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/extract', '/extract'],
    ['/extract/2026', '/extract'],
    ['/extractx', null],
    ['/profile', null],
  ])('path %s lights %s', (path, expected) => {
    expect(activeHref(path, participantLinks({ userType: 'professional', shopkeeperType: null }, ext))).toBe(expected);
  });

  it('lights the most specific admin route', () => {
    const links = adminGroups.flatMap((g) => g.links);
    expect(activeHref('/cms/shopkeepers/users', links)).toBe('/cms/shopkeepers/users');
    expect(activeHref('/cms/shopkeepers', links)).toBe('/cms/shopkeepers');
    expect(activeHref('/invoices/conference', links)).toBe('/invoices/conference');
  });

  it('lists exactly the admin routes of spec 2.6, then the fifth group "Programa"', () => {
    expect(adminGroups.map((g) => g.links.length)).toEqual([6, 8, 3, 5, 9]);
  });

  it("names each audience's screens by a label that has a pt-BR text", () => {
    const links = adminGroups.flatMap((g) => g.links);
    expect(links).toContainEqual({ href: '/cms/professionals/invoices', label: 'nav.cms.professionalsInvoices' });
    expect(links).toContainEqual({
      href: '/cms/shopkeepers/extra-points-history',
      label: 'nav.cms.shopsExtraPointsHistory',
    });
    const i18n = createI18n(localStorage);
    expect(i18n.t('nav.cms.shopsExtraPointsHistory')).toBe('Histórico de pontos extras');
    for (const link of links) expect(i18n.exists(link.label)).toBe(true);
  });

  it.each([
    ['/cms/dashboard', 'admin', 'admin'],
    ['/invoices', 'admin', 'admin'],
    ['/dashboard', 'admin', null],
    ['/dashboard', 'professional', 'regular'],
  ] as const)('%s for %s shows the %s header', (path, role, kind) => {
    expect(headerKind(path, role)).toBe(kind);
  });

  it.each([
    [{ level: 'Prata', points: 1234.5, sublevel: 1 }, false, 'Prata · 1.234,5 Pts'],
    [{ level: 'Prata', points: 1234.5, sublevel: 1 }, true, '1.234,5 Pts'],
    [{ level: 'Ouro', points: 0.129, sublevel: 1 }, false, 'Ouro · 0,13 Pts'],
  ])('the badge of %o (consultant %s) reads %s', (score, consultant, text) => {
    expect(pointsBadgeText(score, consultant, 'Pts')).toBe(text);
  });

  it.each([
    ['Ana Arquiteta', 'AN'],
    ['  eduardo', 'ED'],
    ['J', 'J'],
  ])('the avatar of %s without image reads %s', (name, text) => {
    expect(nameInitials(name)).toBe(text);
  });

  it("gives a store's manager the team, the store's sales and the approvals in the user menu, and a seller none", () => {
    const hrefs = (shopkeeperType: 'manager' | 'seller') =>
      userMenuLinks({ userType: 'shopkeeper', shopkeeperType }).map((link) => link.href);
    expect(hrefs('manager')).toEqual(expect.arrayContaining(['/store-team', '/store-sales', '/store-approvals']));
    expect(hrefs('seller')).not.toContain('/store-team');
    expect(hrefs('seller')).not.toContain('/store-sales');
    expect(hrefs('seller')).not.toContain('/store-approvals');
  });
});
