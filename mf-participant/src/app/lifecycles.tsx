import { remoteLifecycles } from '@especifica/mf-shared/ui';
import { registerOwnTexts } from '../i18n';
import { Root } from './root';

registerOwnTexts();

export const { bootstrap, mount, unmount } = remoteLifecycles('mf_participant', Root);
