import { deferredApp } from '@especifica/mf-shared/deferred';
import { screenLoaders } from './screens';

/**
 * The module the shell loads first. The shell calls `preload` with the address while its access gate waits: the
 * screen's chunk is asked for at once, and the lifecycles (mounted.tsx, which draw with the UI kit) beside it.
 */
export const { bootstrap, mount, unmount, preload } = deferredApp(() => import('./mounted'), screenLoaders);
