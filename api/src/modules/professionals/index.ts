// Professionals: sign-up, profile, and the admins' management of them. Only its routes are public.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { professionalAdminRoutes } from './cms.routes';
export { professionalRoutes } from './routes';
