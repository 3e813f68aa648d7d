// Notifications: the bell's notices and the admins' sending of them. Only its routes are public.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { notificationRoutes } from './routes';
