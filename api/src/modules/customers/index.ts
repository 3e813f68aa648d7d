// Customers: the professionals' own customers. Only its routes are public.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { customerRoutes } from './routes';
