// Accelerators: the campaigns that multiply an invoice's points (spec 7.6). Only its routes are public.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { acceleratorRoutes } from './routes';
