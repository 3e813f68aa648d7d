// Health: the probes of load balancers and operators. Only its routes are public.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { healthRoutes } from './routes';
