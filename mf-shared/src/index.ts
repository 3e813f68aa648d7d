export { ApiClient, COMMUNICATION_FAILURE, type DownloadedFile, type Result, textOf } from './api/client';
export { ApiCallError, apiErrorOf, isSilent, unwrap } from './api/errors';
export { afterNextPaint, afterShown, FirstScreen, SHOWN_LIMIT_MS } from './first-screen';
export { formatPoints } from './format';
export {
  createI18n,
  LANGUAGE_KEY,
  type Language,
  languages,
  type ModuleTexts,
  registerTexts,
  storedLanguage,
  type Texts,
} from './i18n';
export { api, firstScreen, i18n, session, toasts } from './runtime';
export { logout } from './session/logout';
export {
  type AccountSwitchStatus,
  type LoginStatus,
  type RecoverPassword,
  type Score,
  type SessionState,
  SessionStore,
  STORAGE_KEY,
  type StoredUser,
} from './session/store';
export {
  applyColorMode,
  applyStoredColorMode,
  type ColorMode,
  colorModes,
  type ResolvedColorMode,
  resolveColorMode,
  setColorMode,
  storedColorMode,
  subscribeColorMode,
  THEME_KEY,
} from './theme/color-mode';
export { DISPLAY_FAMILY, FONT_FAMILY, loadTypeface } from './theme/fonts';
export {
  type ErrorSurface,
  TOAST_AUTO_CLOSE_MS,
  type Toast,
  ToastBus,
  type ToastInput,
  type ToastPlacement,
  type ToastType,
} from './toast/bus';
