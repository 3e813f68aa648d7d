// Dashboards: the participant's and the admin's figures; reports export the admin's.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { cmsRoutes } from './cms.routes';
export { participantRoutes } from './participant.routes';
export { cmsDashboard } from './queries';
