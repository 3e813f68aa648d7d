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
