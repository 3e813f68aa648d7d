// Build-time configuration (webpack's DefinePlugin writes process.env.*); the defaults live here only.
export const CHAT_URL = process.env.CHAT_URL || 'https://wa.me/5511999999999';
export const SAMPLES_KIT_URL = process.env.SAMPLES_KIT_URL || 'https://especifica.dev/kit-de-amostras';
/** Hosts where a developer may point a remote at another URL from the browser (see overrides.ts). */
export const REMOTE_OVERRIDE_HOSTS = (process.env.REMOTE_OVERRIDE_HOSTS || 'localhost')
  .split(',')
  .map((host) => host.trim())
  .filter(Boolean);
