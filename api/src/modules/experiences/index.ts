// Experiences: categories, experiences and the participants' subscriptions (paid in points).
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { experienceCancelRoutes } from './cancel.routes';
export { categoryRoutes } from './categories.routes';
export { experienceParticipantRoutes } from './participant.routes';
export { experienceRoutes } from './routes';
export { subscribe } from './service';
