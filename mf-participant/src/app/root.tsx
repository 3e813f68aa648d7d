import { prefetchApiQuery, ScreenRoutes, screen } from '@especifica/mf-shared/kit';
import { BrowserRouter, Navigate } from '@especifica/mf-shared/router';
import { dashboardKeys, getDashboardData, getLatestMovements } from '../features/dashboard/api/dashboard';

/** The participant area's screens: one line each, each its own chunk. */
export const screens = [
  screen(
    '/dashboard',
    () => import('../features/dashboard/components/dashboard-page').then((m) => ({ default: m.DashboardPage })),
    // The balance and the latest movements, the first things the page shows, are asked for with its code.
    () => {
      prefetchApiQuery(dashboardKeys.data, getDashboardData);
      prefetchApiQuery(dashboardKeys.extract, getLatestMovements);
    },
  ),
  screen('/profile', () =>
    import('../features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
  ),
  screen('/customers', () =>
    import('../features/customers/components/customers-page').then((m) => ({ default: m.CustomersPage })),
  ),
  screen('/notifications', () =>
    import('../features/notifications/components/notifications-page').then((m) => ({ default: m.NotificationsPage })),
  ),
  screen('/faq', () => import('../features/faq/components/faq-page').then((m) => ({ default: m.FaqPage }))),
  screen('/categories', () =>
    import('../features/categories/components/categories-page').then((m) => ({ default: m.CategoriesPage })),
  ),
  screen('/regulation', () =>
    import('../features/regulation/components/regulation-page').then((m) => ({ default: m.RegulationPage })),
  ),
  screen('/score', () => import('../features/score/components/score-page').then((m) => ({ default: m.ScorePage }))),
  screen('/products', () =>
    import('../features/products/components/products-page').then((m) => ({ default: m.ProductsPage })),
  ),
  screen('/stores', () => import('../features/stores/components/stores-page').then((m) => ({ default: m.StoresPage }))),
  screen('/invites', () =>
    import('../features/invites/components/invites-page').then((m) => ({ default: m.InvitesPage })),
  ),
  screen('/store-approvals', () =>
    import('../features/store-approvals/components/store-approvals-page').then((m) => ({
      default: m.StoreApprovalsPage,
    })),
  ),
  screen('/accelerators', () =>
    import('../features/accelerators/components/accelerators-page').then((m) => ({ default: m.AcceleratorsPage })),
  ),
  screen('/ranking', () =>
    import('../features/ranking/components/ranking-page').then((m) => ({ default: m.RankingPage })),
  ),
  screen('/extract', () =>
    import('../features/extract/components/extract-page').then((m) => ({ default: m.ExtractPage })),
  ),
  screen('/invoices', () =>
    import('../features/invoices/components/invoices-page').then((m) => ({ default: m.InvoicesPage })),
  ),
  screen('/experiences', () =>
    import('../features/experiences/components/experiences-page').then((m) => ({ default: m.ExperiencesPage })),
  ),
  screen('/experiences/:id', () =>
    import('../features/experiences/components/experience-detail-page').then((m) => ({
      default: m.ExperienceDetailPage,
    })),
  ),
  screen('/experiences/qrcode/:experienceId/:code', () =>
    import('../features/experiences/components/attendance-page').then((m) => ({ default: m.AttendancePage })),
  ),
  screen('/point-extra/qrcode', () =>
    import('../features/campaign-qrcode/components/campaign-page').then((m) => ({ default: m.CampaignPage })),
  ),
];

export function Root() {
  return (
    <BrowserRouter>
      {/* Pages of the participant area not built yet land on the overview rather than on an empty screen. */}
      <ScreenRoutes screens={screens} otherwise={<Navigate to="/dashboard" replace />} />
    </BrowserRouter>
  );
}
