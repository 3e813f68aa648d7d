import { plainRemoteLifecycles } from '@especifica/mf-shared/plain';
import { registerOwnTexts } from '../i18n';
import { Root } from './root';

registerOwnTexts();

// The login is drawn without the UI kit; every other screen brings it with its own chunk (./screens).
export const { bootstrap, mount, unmount } = plainRemoteLifecycles('mf_auth', Root);
