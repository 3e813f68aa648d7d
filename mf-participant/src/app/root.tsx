import { BrowserRouter, Navigate, Route, Routes } from '@especifica/mf-shared/router';
import { lazy, Suspense } from 'react';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';

const ProfilePage = lazy(() =>
  import('../features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
);

export function Root() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route
          path="/profile"
          element={
            <Suspense fallback={null}>
              <ProfilePage />
            </Suspense>
          }
        />
        {/* Pages of the participant area not built yet land on the overview rather than on an empty screen. */}
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
