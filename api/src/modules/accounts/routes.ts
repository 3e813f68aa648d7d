import type { App } from '../../http/zod';
import type { AccountDeps } from '../auth/deps';
import { addressRoutes } from './address-routes';
import { cmsUserRoutes } from './cms-users-routes';
import { professionalRoutes } from './professionals-routes';
import { profileImageRoutes } from './profile-images';
import { shopkeeperRoutes } from './shopkeepers-routes';

/** Sign-up, e-mail confirmation and the profiles of the three roles. */
export async function accountsRoutes(app: App, deps: AccountDeps) {
  await professionalRoutes(app, deps);
  await shopkeeperRoutes(app, deps);
  await cmsUserRoutes(app, deps);
  await profileImageRoutes(app, deps);
  await addressRoutes(app, deps);
}
