// Reports: the admins' exports. Only its routes are public.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { reportRoutes } from './routes';
