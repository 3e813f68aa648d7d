import { cmsDashboardSchema } from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { Deps } from '../../kernel/deps';
import { cmsDashboard } from './queries';

export async function cmsRoutes(app: App, deps: Pick<Deps, 'db' | 'now'>) {
  app.get(
    '/cms/dashboard/get-all',
    { config: { guard: ['admin'] }, schema: { response: { 200: cmsDashboardSchema } } },
    () => cmsDashboard(deps.db, deps.now()),
  );
}
