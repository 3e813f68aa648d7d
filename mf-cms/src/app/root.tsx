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
