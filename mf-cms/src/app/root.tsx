import { ScreenRoutes, screen } from '@especifica/mf-shared/kit';
import { BrowserRouter, Navigate } from '@especifica/mf-shared/router';
import { screenLoaders } from './screens';

/** The CMS screens, each drawn from its own chunk. */
export const screens = Object.entries(screenLoaders).map(([path, load]) => screen(path, load));

export function Root() {
  return (
    <BrowserRouter>
      <ScreenRoutes screens={screens} otherwise={<Navigate to="/cms/dashboard" replace />} />
    </BrowserRouter>
  );
}
