import { i18n, registerTexts } from '@especifica/mf-shared';
import { ptBR } from './design.pt-br';

/** Adds the design page's own texts to the page's i18n (once: a second call merges the same keys). */
export const registerDesignTexts = () =>
  registerTexts(i18n, { ptBR, en: () => import('./design.en').then(({ en }) => ({ en })) });
