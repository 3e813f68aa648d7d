import { prefetchApiQuery, ScreenRoutes, screen } from '@especifica/mf-shared/kit';
import { BrowserRouter, Navigate } from '@especifica/mf-shared/router';
import { dashboardKeys, getDashboardData, getLatestMovements } from '../features/dashboard/api/dashboard';
import { screenLoaders } from './screens';

/** The first reads a screen asks for with its code. */
const prefetches: Record<string, () => void> = {
  // The balance and the latest movements, the first things the page shows, are asked for with its code.
  '/dashboard': () => {
    prefetchApiQuery(dashboardKeys.data, getDashboardData);
    prefetchApiQuery(dashboardKeys.extract, getLatestMovements);
  },
};

/** The participant area's screens, each drawn from its own chunk. */
export const screens = Object.entries(screenLoaders).map(([path, load]) => screen(path, load, prefetches[path]));

export function Root() {
  return (
    <BrowserRouter>
      {/* Pages of the participant area not built yet land on the overview rather than on an empty screen. */}
      <ScreenRoutes screens={screens} otherwise={<Navigate to="/dashboard" replace />} />
    </BrowserRouter>
  );
}
