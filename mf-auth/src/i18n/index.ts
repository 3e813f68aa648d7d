import { i18n as pageI18n, registerTexts } from '@especifica/mf-shared';
import { ptBR } from './pt-br';

/** Adds this module's texts to the page's one i18n instance; the lifecycles call it when the module loads. */
export function registerOwnTexts(instance = pageI18n) {
  registerTexts(instance, { ptBR, en: () => import('./en') });
}
