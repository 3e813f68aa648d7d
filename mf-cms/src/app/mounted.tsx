import { preloadScreenAt } from '@especifica/mf-shared/kit';
import { remoteLifecycles } from '@especifica/mf-shared/ui';
import { registerOwnTexts } from '../i18n';
import { Root, screens } from './root';

registerOwnTexts();

export const { bootstrap, mount, unmount } = remoteLifecycles('mf_cms', Root);
/** Starts the reads of the screen at `pathname` with its code (lifecycles.tsx calls it once this module is in). */
export const preload = (pathname: string) => preloadScreenAt(screens, pathname);
