import type { ComponentType } from 'react';

/**
 * The CMS screens: each path and the import() of its own chunk. This module imports no shared code, so the module the shell
 * loads first (lifecycles.tsx) starts the first screen's chunk from it before the UI kit has arrived.
 */
export const screenLoaders = {
  '/cms/dashboard': () =>
    import('../features/dashboard/components/cms-dashboard-page').then((m) => ({ default: m.CmsDashboardPage })),
  '/cms/users': () => import('../features/users/components/users-page').then((m) => ({ default: m.UsersPage })),
  '/cms/profile': () =>
    import('../features/profile/components/cms-profile-page').then((m) => ({ default: m.CmsProfilePage })),
  '/cms/professionals/extra-points': () =>
    import('../features/extra-points/components/campaigns-page').then((m) => ({
      default: m.ProfessionalCampaignsPage,
    })),
  '/cms/shopkeepers/extra-points': () =>
    import('../features/extra-points/components/campaigns-page').then((m) => ({ default: m.ShopkeeperCampaignsPage })),
  '/cms/professionals/extra-points-history': () =>
    import('../features/extra-points/components/history-page').then((m) => ({ default: m.ProfessionalHistoryPage })),
  '/cms/shopkeepers/extra-points-history': () =>
    import('../features/extra-points/components/history-page').then((m) => ({ default: m.ShopkeeperHistoryPage })),
  '/cms/accelerators': () =>
    import('../features/accelerators/components/accelerators-page').then((m) => ({ default: m.AcceleratorsPage })),
  '/cms/professionals/experiences': () =>
    import('../features/experiences/components/experiences-page').then((m) => ({
      default: m.ProfessionalExperiencesPage,
    })),
  '/cms/professionals/experiences-types': () =>
    import('../features/experiences/components/categories-page').then((m) => ({
      default: m.ProfessionalCategoriesPage,
    })),
  '/cms/shopkeepers/experiences': () =>
    import('../features/experiences/components/experiences-page').then((m) => ({
      default: m.ShopkeeperExperiencesPage,
    })),
  '/cms/shopkeepers/experiences-types': () =>
    import('../features/experiences/components/categories-page').then((m) => ({ default: m.ShopkeeperCategoriesPage })),
  '/cms/shopkeepers': () =>
    import('../features/stores/components/stores-page').then((m) => ({ default: m.StoresPage })),
  '/cms/shopkeepers/users': () =>
    import('../features/stores/components/store-users-page').then((m) => ({ default: m.StoreUsersPage })),
  '/cms/shopkeepers/import': () =>
    import('../features/imports/components/import-page').then((m) => ({ default: m.StoreImportPage })),
  '/cms/products/import': () =>
    import('../features/imports/components/import-page').then((m) => ({ default: m.ProductImportPage })),
  '/cms/products/list': () =>
    import('../features/products/components/products-page').then((m) => ({ default: m.ProductsPage })),
  '/cms/reports/professionals-ranking': () =>
    import('../features/reports/components/ranking-page').then((m) => ({ default: m.ProfessionalsRankingPage })),
  '/cms/reports/store-ranking': () =>
    import('../features/reports/components/ranking-page').then((m) => ({ default: m.StoresRankingPage })),
  '/cms/reports/seller-ranking': () =>
    import('../features/reports/components/ranking-page').then((m) => ({ default: m.SellersRankingPage })),
  '/cms/reports/export-specifications': () =>
    import('../features/reports/components/export-pages').then((m) => ({ default: m.ExportSpecificationsPage })),
  '/cms/reports/export-store-users': () =>
    import('../features/reports/components/export-pages').then((m) => ({ default: m.ExportStoreUsersPage })),
  // The design system as the app draws it (docs/design.md): the palette, type, emblems and the kit's parts.
  '/cms/design': () => import('../features/design/components/design-page').then((m) => ({ default: m.DesignPage })),
  '/cms/programme/levels': () =>
    import('../features/programme/components/levels-page').then((m) => ({ default: m.LevelsPage })),
  '/cms/programme/profession-rules': () =>
    import('../features/programme/components/profession-rules-page').then((m) => ({ default: m.ProfessionRulesPage })),
  '/cms/programme/settings': () =>
    import('../features/programme/components/settings-page').then((m) => ({ default: m.ProgrammeSettingsPage })),
  '/cms/programme/regulation': () =>
    import('../features/programme/components/regulation-page').then((m) => ({ default: m.RegulationPage })),
  '/cms/programme/faq': () => import('../features/programme/components/faq-page').then((m) => ({ default: m.FaqPage })),
  '/cms/programme/audit': () =>
    import('../features/programme/components/audit-page').then((m) => ({ default: m.AuditPage })),
  '/cms/programme/data-requests': () =>
    import('../features/privacy/components/data-requests-page').then((m) => ({ default: m.DataRequestsPage })),
  '/cms/programme/emails': () =>
    import('../features/emails/components/emails-page').then((m) => ({ default: m.EmailsPage })),
  '/cms/notifications': () =>
    import('../features/notifications/components/cms-notifications-page').then((m) => ({
      default: m.CmsNotificationsPage,
    })),
  '/invoices/conference': () =>
    import('../features/invoices/components/conference-page').then((m) => ({ default: m.ConferencePage })),
  '/invoices/*': () =>
    import('../features/invoices/components/invoices-page').then((m) => ({ default: m.InvoicesPage })),
  '/cms/professionals': () =>
    import('../features/professionals/components/professionals-page').then((m) => ({ default: m.ProfessionalsPage })),
  '/cms/professionals/customers': () =>
    import('../features/professionals/components/customers-page').then((m) => ({ default: m.CustomersPage })),
  '/cms/professionals/:id': () =>
    import('../features/professionals/components/professional-page').then((m) => ({ default: m.ProfessionalPage })),
  '/cms/professionals/invoices': () =>
    import('../features/invoices/components/invoices-page').then((m) => ({ default: m.ProfessionalsInvoicesPage })),
  '/cms/shopkeepers/invoices': () =>
    import('../features/invoices/components/invoices-page').then((m) => ({ default: m.ShopkeepersInvoicesPage })),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;
