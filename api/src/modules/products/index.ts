// Products: the catalogue and its CSV import. Only its routes are public.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { productRoutes } from './routes';
