// Avatars: a person's profile picture: its routes, and where a picture is stored (an erasure deletes it).
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { profileImageRoutes } from './routes';
export { avatarKeyOf } from './service';
