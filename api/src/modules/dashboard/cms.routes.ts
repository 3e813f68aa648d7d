import { cmsDashboardSchema } from '@especifica/mf-shared/contracts';
import type { Db } from '../../db/client';
import { adminUsers, professionals, stores, storeUsers } from '../../db/schema';
import type { App } from '../../http/zod';
import { dashboardKpis } from './queries';

export async function cmsRoutes(app: App, deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  app.get(
    '/cms/dashboard/get-all',
    { config: { guard: ['admin'] }, schema: { response: { 200: cmsDashboardSchema } } },
    async () => {
      const [professionalCount, storeCount, shopkeeperCount, adminCount, kpis] = await Promise.all([
        deps.db.$count(professionals),
        deps.db.$count(stores),
        deps.db.$count(storeUsers),
        deps.db.$count(adminUsers),
        dashboardKpis(deps.db, now()),
      ]);
      return {
        professionals: professionalCount,
        stores: storeCount,
        shopkeepers: shopkeeperCount,
        admins: adminCount,
        ...kpis,
      };
    },
  );
}
