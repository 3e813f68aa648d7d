import { BrowserRouter, Navigate, Route, Routes } from '@especifica/mf-shared/router';
import { lazy, Suspense } from 'react';
import { CmsDashboardPage } from '../features/dashboard/components/cms-dashboard-page';
import { InvoicesPage } from '../features/invoices/components/invoices-page';

const CmsProfilePage = lazy(() =>
  import('../features/profile/components/cms-profile-page').then((m) => ({ default: m.CmsProfilePage })),
);

export function Root() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/cms/dashboard" element={<CmsDashboardPage />} />
        <Route
          path="/cms/profile"
          element={
            <Suspense fallback={null}>
              <CmsProfilePage />
            </Suspense>
          }
        />
        <Route path="/invoices/*" element={<InvoicesPage />} />
        <Route path="*" element={<Navigate to="/cms/dashboard" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
