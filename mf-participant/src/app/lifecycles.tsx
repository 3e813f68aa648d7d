import { remoteLifecycles } from '@especifica/mf-shared/ui';
import { registerOwnTexts } from '../i18n';
import { preloadScreen, Root } from './root';

registerOwnTexts();

export const { bootstrap, mount, unmount } = remoteLifecycles('mf_participant', Root);
/** Called by the shell, before mounting, with the address about to be drawn. */
export const preload = preloadScreen;
