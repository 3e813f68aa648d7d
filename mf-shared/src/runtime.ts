import { ApiClient } from './api/client';
import { FirstScreen } from './first-screen';
import { createI18n } from './i18n';
import { SessionStore } from './session/store';
import { ToastBus } from './toast/bus';

/**
 * The single runtime instance of the session, toast bus, i18n and API client. Module Federation shares this entry as
 * a singleton (see `especifica.runtime` in package.json), so every remote and the shell hold these same objects: one
 * session bus, one API client. The one query cache is the `/runtime/query` entry's, a singleton too.
 */
export const session = new SessionStore();
export const toasts = new ToastBus();
export const i18n = createI18n();
export const firstScreen = new FirstScreen();
export const api = new ApiClient({
  session,
  language: () => i18n.language || 'ptBR',
  ready: () => firstScreen.ready,
});
