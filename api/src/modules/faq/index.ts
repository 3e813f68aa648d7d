// FAQ: the questions participants read and admins edit. Only its routes are public.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { faqRoutes } from './routes';
