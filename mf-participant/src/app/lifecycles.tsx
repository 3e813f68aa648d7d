import { preloadScreenAt } from '@especifica/mf-shared/kit';
import { remoteLifecycles } from '@especifica/mf-shared/ui';
import { registerOwnTexts } from '../i18n';
import { Root, screens } from './root';

registerOwnTexts();

export const { bootstrap, mount, unmount } = remoteLifecycles('mf_participant', Root);
/** The shell asks for the screen at `pathname` while its access gate waits, before mounting. */
export const preload = (pathname: string) => preloadScreenAt(screens, pathname);
