// Audit: the admins' record of changes, its export, and running the expiry job by hand. Only its routes are public.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { programmeAdminRoutes } from './routes';
