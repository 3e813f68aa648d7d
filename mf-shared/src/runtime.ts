import { ApiClient } from './api/client';
import { createI18n } from './i18n';
import { SessionStore } from './session/store';
import { ToastBus } from './toast/bus';

/**
 * The single runtime instance of the session, toast bus, i18n and API client. Module Federation
 * shares this package as a singleton, so every remote and the shell hold these same objects.
 */
export const session = new SessionStore();
export const toasts = new ToastBus();
export const i18n = createI18n();
export const api = new ApiClient({ session, language: () => i18n.language || 'ptBR' });
