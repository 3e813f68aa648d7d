// Live updates: each signed-in user's Server-Sent Events stream (docs/live.md).
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { type LiveOptions, liveRoutes } from './routes';
