// One error boundary for every remote, drawn without Chakra so that it works whatever failed to load; taken from the
// plain entry (shared), so that a page with both entries carries it once.
export { RemoteBoundary } from '@especifica/mf-shared/plain';
