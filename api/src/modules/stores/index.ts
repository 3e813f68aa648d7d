// Stores and their users: the admins' management, invites and approvals.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.

export { findStore, storeOfShopkeeper, storeUsersPage } from './queries';
export { storeRoutes } from './routes';
export { storeUserRoutes } from './store-users.routes';
export { decideApproval } from './store-users.service';
