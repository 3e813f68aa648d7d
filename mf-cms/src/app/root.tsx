import { ScreenRoutes, screen } from '@especifica/mf-shared/kit';
import { BrowserRouter, Navigate } from '@especifica/mf-shared/router';

/** The CMS screens: one line each, each its own chunk. */
const screens = [
  screen('/cms/dashboard', () =>
    import('../features/dashboard/components/cms-dashboard-page').then((m) => ({ default: m.CmsDashboardPage })),
  ),
  screen('/cms/users', () => import('../features/users/components/users-page').then((m) => ({ default: m.UsersPage }))),
  screen('/cms/profile', () =>
    import('../features/profile/components/cms-profile-page').then((m) => ({ default: m.CmsProfilePage })),
  ),
  screen('/cms/reports/professionals-ranking', () =>
    import('../features/reports/components/ranking-page').then((m) => ({ default: m.ProfessionalsRankingPage })),
  ),
  screen('/cms/reports/store-ranking', () =>
    import('../features/reports/components/ranking-page').then((m) => ({ default: m.StoresRankingPage })),
  ),
  screen('/cms/reports/seller-ranking', () =>
    import('../features/reports/components/ranking-page').then((m) => ({ default: m.SellersRankingPage })),
  ),
  screen('/cms/reports/export-specifications', () =>
    import('../features/reports/components/export-pages').then((m) => ({ default: m.ExportSpecificationsPage })),
  ),
  screen('/cms/reports/export-store-users', () =>
    import('../features/reports/components/export-pages').then((m) => ({ default: m.ExportStoreUsersPage })),
  ),
  screen('/cms/programme/levels', () =>
    import('../features/programme/components/levels-page').then((m) => ({ default: m.LevelsPage })),
  ),
  screen('/cms/programme/settings', () =>
    import('../features/programme/components/settings-page').then((m) => ({ default: m.ProgrammeSettingsPage })),
  ),
  screen('/cms/programme/regulation', () =>
    import('../features/programme/components/regulation-page').then((m) => ({ default: m.RegulationPage })),
  ),
  screen('/cms/programme/faq', () =>
    import('../features/programme/components/faq-page').then((m) => ({ default: m.FaqPage })),
  ),
  screen('/cms/programme/audit', () =>
    import('../features/programme/components/audit-page').then((m) => ({ default: m.AuditPage })),
  ),
  screen('/cms/notifications', () =>
    import('../features/notifications/components/cms-notifications-page').then((m) => ({
      default: m.CmsNotificationsPage,
    })),
  ),
  screen('/invoices/*', () =>
    import('../features/invoices/components/invoices-page').then((m) => ({ default: m.InvoicesPage })),
  ),
];

export function Root() {
  return (
    <BrowserRouter>
      <ScreenRoutes screens={screens} otherwise={<Navigate to="/cms/dashboard" replace />} />
    </BrowserRouter>
  );
}
