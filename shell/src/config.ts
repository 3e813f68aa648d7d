// Build-time configuration (webpack's DefinePlugin writes process.env.*); the defaults live here only.
export const CHAT_URL = process.env.CHAT_URL || 'https://wa.me/5511999999999';
export const SAMPLES_KIT_URL = process.env.SAMPLES_KIT_URL || 'https://especifica.dev/kit-de-amostras';
