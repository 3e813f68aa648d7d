// CMS users: the admins' accounts and their own profile.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.

export { cmsUserMeRoutes } from './me.routes';
export { cmsUserRoutes } from './routes';
export { emailTaken } from './service';
