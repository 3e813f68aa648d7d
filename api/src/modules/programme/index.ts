// The programme as participants read it: regulation, earning rules, the cycle's score. Only its routes are public.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.

export { regulationRoutes } from './regulation.routes';
export { readingRoutes } from './routes';
