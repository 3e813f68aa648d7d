import { i18n, registerTexts } from '@especifica/mf-shared';
import { ptBR } from './send-form.pt-br';

/** Adds the sending form's own texts to the page's i18n (once: a second call merges the same keys). */
export const registerSendFormTexts = () =>
  registerTexts(i18n, { ptBR, en: () => import('./send-form.en').then(({ en }) => ({ en })) });
