import type { ComponentType } from 'react';

/**
 * The participant area's screens: each path and the import() of its own chunk. This module imports no shared code, so the module the shell
 * loads first (lifecycles.tsx) starts the first screen's chunk from it before the UI kit has arrived.
 */
export const screenLoaders = {
  '/dashboard': () =>
    import('../features/dashboard/components/dashboard-page').then((m) => ({ default: m.DashboardPage })),
  '/profile': () => import('../features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
  '/customers': () =>
    import('../features/customers/components/customers-page').then((m) => ({ default: m.CustomersPage })),
  '/notifications': () =>
    import('../features/notifications/components/notifications-page').then((m) => ({ default: m.NotificationsPage })),
  '/faq': () => import('../features/faq/components/faq-page').then((m) => ({ default: m.FaqPage })),
  '/privacy': () => import('../features/privacy/components/privacy-page').then((m) => ({ default: m.PrivacyPage })),
  '/categories': () =>
    import('../features/categories/components/categories-page').then((m) => ({ default: m.CategoriesPage })),
  '/regulation': () =>
    import('../features/regulation/components/regulation-page').then((m) => ({ default: m.RegulationPage })),
  '/score': () => import('../features/score/components/score-page').then((m) => ({ default: m.ScorePage })),
  '/products': () => import('../features/products/components/products-page').then((m) => ({ default: m.ProductsPage })),
  '/stores': () => import('../features/stores/components/stores-page').then((m) => ({ default: m.StoresPage })),
  '/invites': () => import('../features/invites/components/invites-page').then((m) => ({ default: m.InvitesPage })),
  '/store-approvals': () =>
    import('../features/store-approvals/components/store-approvals-page').then((m) => ({
      default: m.StoreApprovalsPage,
    })),
  '/store-team': () =>
    import('../features/store-team/components/store-team-page').then((m) => ({ default: m.StoreTeamPage })),
  '/store-sales': () =>
    import('../features/store-sales/components/store-sales-page').then((m) => ({ default: m.StoreSalesPage })),
  '/accelerators': () =>
    import('../features/accelerators/components/accelerators-page').then((m) => ({ default: m.AcceleratorsPage })),
  '/ranking': () => import('../features/ranking/components/ranking-page').then((m) => ({ default: m.RankingPage })),
  '/extract': () => import('../features/extract/components/extract-page').then((m) => ({ default: m.ExtractPage })),
  '/invoices': () => import('../features/invoices/components/invoices-page').then((m) => ({ default: m.InvoicesPage })),
  '/experiences': () =>
    import('../features/experiences/components/experiences-page').then((m) => ({ default: m.ExperiencesPage })),
  '/experiences/:id': () =>
    import('../features/experiences/components/experience-detail-page').then((m) => ({
      default: m.ExperienceDetailPage,
    })),
  '/experiences/qrcode/:experienceId/:code': () =>
    import('../features/experiences/components/attendance-page').then((m) => ({ default: m.AttendancePage })),
  '/point-extra/qrcode': () =>
    import('../features/campaign-qrcode/components/campaign-page').then((m) => ({ default: m.CampaignPage })),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;
