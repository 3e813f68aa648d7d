// Levels: the level table and the programme's settings. Only its routes are public.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { levelRoutes } from './routes';
