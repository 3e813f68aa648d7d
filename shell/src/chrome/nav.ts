import type { StoredUser } from '@especifica/mf-shared';

export interface NavLink {
  href: string;
  /** i18n key of the label. */
  label: string;
  external?: boolean;
}

export interface NavGroup {
  label: string;
  links: NavLink[];
}

export const MAIN_BAR_SIZE = 6;

/** Links of the regular header (spec 2.5) for this user: the first 6 sit in the main bar, the rest below. */
export function participantLinks(
  user: Pick<StoredUser, 'userType' | 'shopkeeperType'>,
  external: { samplesKit: string; contactUs: string },
): NavLink[] {
  const shopkeeper = user.userType === 'shopkeeper';
  const consultant = shopkeeper && user.shopkeeperType === 'consultant';
  const links: Array<NavLink | false> = [
    { href: '/dashboard', label: 'nav.dashboard' },
    { href: '/extract', label: 'nav.extract' },
    { href: '/invoices', label: 'nav.invoices' },
    !consultant && { href: '/experiences', label: 'nav.experiences' },
    { href: '/score', label: 'nav.score' },
    { href: '/categories', label: shopkeeper ? 'nav.categoriesShopkeeper' : 'nav.categories' },
    { href: '/regulation', label: 'nav.regulation' },
    { href: '/products', label: 'nav.products' },
    !shopkeeper && { href: '/stores', label: 'nav.stores' },
    { href: external.samplesKit, label: 'nav.samplesKit', external: true },
    { href: external.contactUs, label: 'nav.contactUs', external: true },
  ];
  return links.filter((link): link is NavLink => Boolean(link));
}

/** The user menu (spec 2.5, 2.6); logout is added by the menu itself. */
export function userMenuLinks(
  user: Pick<StoredUser, 'userType'> & Partial<Pick<StoredUser, 'shopkeeperType'>>,
): NavLink[] {
  if (user.userType === 'admin') {
    return [
      { href: '/cms/profile', label: 'nav.profile' },
      { href: '/cms/notifications', label: 'nav.notifications' },
    ];
  }
  return [
    { href: '/profile', label: 'nav.profile' },
    { href: '/notifications', label: 'nav.notifications' },
    // What the programme holds about the person and their consents (LGPD: docs/privacy.md).
    { href: '/privacy', label: 'nav.privacy' },
    // The questions people ask, searched by their words (issue 40: nothing linked to it).
    { href: '/faq', label: 'nav.faq' },
    ...(user.userType === 'shopkeeper' ? [{ href: '/invites', label: 'nav.invites' }] : []),
    // A store's manager leads the store's team, reads every seller's sales and approves the sellers who sign up alone to the store (domain:
    // shopkeeper accounts).
    ...(user.userType === 'shopkeeper' && user.shopkeeperType === 'manager'
      ? [
          { href: '/store-team', label: 'nav.storeTeam' },
          { href: '/store-sales', label: 'nav.storeSales' },
          { href: '/store-approvals', label: 'nav.storeApprovals' },
        ]
      : []),
  ];
}

export const adminTopLinks: NavLink[] = [
  { href: '/cms/dashboard', label: 'nav.cmsDashboard' },
  { href: '/cms/users', label: 'nav.users' },
  { href: '/invoices', label: 'nav.invoices' },
];

/** The screens the CMS has for each audience, in the menu's order: `/cms/<audience>/<screen>`. */
const audienceScreens = ['invoices', 'extra-points', 'extra-points-history', 'experiences', 'experiences-types'];

/**
 * An audience's screens, under its path, each labelled by the audience's key and the screen's name
 * (`/cms/shopkeepers/extra-points-history`: `nav.cms.shopsExtraPointsHistory`).
 */
const audienceLinks = (path: 'professionals' | 'shopkeepers', key: 'professionals' | 'shops'): NavLink[] =>
  audienceScreens.map((screen) => ({
    href: `/cms/${path}/${screen}`,
    label: `nav.cms.${key}${screen.replace(/(^|-)(\w)/g, (_, _dash, letter: string) => letter.toUpperCase())}`,
  }));

/** The admin drop-down groups: the routes of spec 2.6, then the programme's own group. */
export const adminGroups: NavGroup[] = [
  {
    label: 'nav.groups.professionals',
    links: [
      { href: '/cms/professionals', label: 'nav.cms.professionals' },
      ...audienceLinks('professionals', 'professionals'),
    ],
  },
  {
    label: 'nav.groups.shops',
    links: [
      { href: '/cms/shopkeepers/import', label: 'nav.cms.shopsImport' },
      { href: '/cms/shopkeepers', label: 'nav.cms.shops' },
      { href: '/cms/shopkeepers/users', label: 'nav.cms.shopsUsers' },
      ...audienceLinks('shopkeepers', 'shops'),
    ],
  },
  {
    label: 'nav.groups.products',
    links: [
      { href: '/cms/products/import', label: 'nav.cms.productsImport' },
      { href: '/cms/products/list', label: 'nav.cms.productsList' },
      { href: '/cms/accelerators', label: 'nav.cms.accelerators' },
    ],
  },
  {
    label: 'nav.groups.reports',
    links: [
      { href: '/cms/reports/professionals-ranking', label: 'nav.cms.professionalsRanking' },
      { href: '/cms/reports/store-ranking', label: 'nav.cms.storeRanking' },
      { href: '/cms/reports/export-specifications', label: 'nav.cms.exportSpecifications' },
      { href: '/cms/reports/seller-ranking', label: 'nav.cms.sellerRanking' },
      { href: '/cms/reports/export-store-users', label: 'nav.cms.exportStoreUsers' },
    ],
  },
  // Beyond the spec's menu: the programme's own settings (screens.md, "Admin area").
  {
    label: 'nav.groups.programme',
    links: [
      { href: '/cms/programme/levels', label: 'nav.cms.programmeLevels' },
      { href: '/cms/programme/settings', label: 'nav.cms.programmeSettings' },
      // What each profession earns and how (domain.md, "Rules per profession").
      { href: '/cms/programme/profession-rules', label: 'nav.cms.programmeProfessionRules' },
      // The automatic approvals sampled for a person to check (issue 42), beside the settings that switch them on.
      { href: '/invoices/conference', label: 'nav.cms.invoicesConference' },
      { href: '/cms/programme/regulation', label: 'nav.cms.programmeRegulation' },
      { href: '/cms/programme/faq', label: 'nav.cms.programmeFaq' },
      { href: '/cms/programme/audit', label: 'nav.cms.programmeAudit' },
      { href: '/cms/programme/emails', label: 'nav.cms.programmeEmails' },
      // The holders' requests under the LGPD (docs/privacy.md).
      { href: '/cms/programme/data-requests', label: 'nav.cms.programmeDataRequests' },
    ],
  },
];

/**
 * The one link of a list that the current path belongs to: the longest matching prefix wins, so that
 * /cms/shopkeepers/users lights "Usuários das lojas" and not "Lojas".
 */
export function activeHref(pathname: string, links: NavLink[]): string | null {
  let best: string | null = null;
  for (const { href, external } of links) {
    if (external) continue;
    if ((pathname === href || pathname.startsWith(`${href}/`)) && href.length > (best?.length ?? 0)) best = href;
  }
  return best;
}

/** Which header a path shows (spec 2.5, 2.6): admins see theirs on paths containing cms or invoices. */
export function headerKind(pathname: string, userType: StoredUser['userType']): 'admin' | 'regular' | null {
  if (userType === 'admin') return pathname.includes('cms') || pathname.includes('invoices') ? 'admin' : null;
  return 'regular';
}

/** Avatar fallback of the header: the first two characters of the name (spec 2.5, 9). */
export const nameInitials = (name: string) => name.trim().slice(0, 2).toUpperCase();
