// Metrics: the Prometheus metrics of the process, read with METRICS_TOKEN (docs/live.md, Operability).
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { metricsRoutes } from './routes';
