import { remoteLifecycles } from '@especifica/mf-shared/ui';
import { Root } from './root';

export const { bootstrap, mount, unmount } = remoteLifecycles('mf_participant', Root);
