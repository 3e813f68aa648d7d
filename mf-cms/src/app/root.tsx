import { ScreenRoutes, screen } from '@especifica/mf-shared/kit';
import { BrowserRouter, Navigate } from '@especifica/mf-shared/router';

/** The CMS screens: one line each, each its own chunk. */
export const screens = [
  // Not prefetched: asking for the figures with the code made Lighthouse's mobile LCP later (3.62 s to 4.06 s), the
  // answer competing with the chunks for the slow connection.
  screen('/cms/dashboard', () =>
    import('../features/dashboard/components/cms-dashboard-page').then((m) => ({ default: m.CmsDashboardPage })),
  ),
  screen('/cms/users', () => import('../features/users/components/users-page').then((m) => ({ default: m.UsersPage }))),
  screen('/cms/profile', () =>
    import('../features/profile/components/cms-profile-page').then((m) => ({ default: m.CmsProfilePage })),
  ),
  screen('/cms/professionals/extra-points', () =>
    import('../features/extra-points/components/campaigns-page').then((m) => ({
      default: () => <m.CampaignsPage audience="professional" />,
    })),
  ),
  screen('/cms/shopkeepers/extra-points', () =>
    import('../features/extra-points/components/campaigns-page').then((m) => ({
      default: () => <m.CampaignsPage audience="shopkeeper" />,
    })),
  ),
  screen('/cms/professionals/extra-points-history', () =>
    import('../features/extra-points/components/history-page').then((m) => ({
      default: () => <m.HistoryPage audience="professional" />,
    })),
  ),
  screen('/cms/shopkeepers/extra-points-history', () =>
    import('../features/extra-points/components/history-page').then((m) => ({
      default: () => <m.HistoryPage audience="shopkeeper" />,
    })),
  ),
  screen('/cms/accelerators', () =>
    import('../features/accelerators/components/accelerators-page').then((m) => ({ default: m.AcceleratorsPage })),
  ),
  screen('/cms/professionals/experiences', () =>
    import('../features/experiences/components/experiences-page').then((m) => ({
      default: () => <m.ExperiencesPage audience="professional" />,
    })),
  ),
  screen('/cms/professionals/experiences-types', () =>
    import('../features/experiences/components/categories-page').then((m) => ({
      default: () => <m.CategoriesPage audience="professional" />,
    })),
  ),
  screen('/cms/shopkeepers/experiences', () =>
    import('../features/experiences/components/experiences-page').then((m) => ({
      default: () => <m.ExperiencesPage audience="shopkeeper" />,
    })),
  ),
  screen('/cms/shopkeepers/experiences-types', () =>
    import('../features/experiences/components/categories-page').then((m) => ({
      default: () => <m.CategoriesPage audience="shopkeeper" />,
    })),
  ),
  screen('/cms/shopkeepers', () =>
    import('../features/stores/components/stores-page').then((m) => ({ default: m.StoresPage })),
  ),
  screen('/cms/shopkeepers/users', () =>
    import('../features/stores/components/store-users-page').then((m) => ({ default: m.StoreUsersPage })),
  ),
  screen('/cms/shopkeepers/import', () =>
    import('../features/imports/components/import-page').then((m) => ({ default: m.StoreImportPage })),
  ),
  screen('/cms/products/import', () =>
    import('../features/imports/components/import-page').then((m) => ({ default: m.ProductImportPage })),
  ),
  screen('/cms/products/list', () =>
    import('../features/products/components/products-page').then((m) => ({ default: m.ProductsPage })),
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
  screen('/cms/professionals', () =>
    import('../features/professionals/components/professionals-page').then((m) => ({ default: m.ProfessionalsPage })),
  ),
  screen('/cms/professionals/customers', () =>
    import('../features/professionals/components/customers-page').then((m) => ({ default: m.CustomersPage })),
  ),
  screen('/cms/professionals/:id', () =>
    import('../features/professionals/components/professional-page').then((m) => ({ default: m.ProfessionalPage })),
  ),
  screen('/cms/professionals/invoices', () =>
    import('../features/invoices/components/invoices-page').then((m) => ({ default: m.ProfessionalsInvoicesPage })),
  ),
  screen('/cms/shopkeepers/invoices', () =>
    import('../features/invoices/components/invoices-page').then((m) => ({ default: m.ShopkeepersInvoicesPage })),
  ),
];

export function Root() {
  return (
    <BrowserRouter>
      <ScreenRoutes screens={screens} otherwise={<Navigate to="/cms/dashboard" replace />} />
    </BrowserRouter>
  );
}
