// Avatars: a person's profile picture. Only its routes are public.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { profileImageRoutes } from './routes';
