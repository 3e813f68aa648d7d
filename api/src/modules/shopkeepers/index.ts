// Shopkeepers: sign-up, profile, consultants, and the hold on those a manager has not approved yet.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { holdPendingShopkeepers } from './approval';
export { consultantRoutes } from './consultants.routes';
export { shopkeeperRoutes } from './routes';
