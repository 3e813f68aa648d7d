import { i18n as pageI18n } from '@especifica/mf-shared';
import type { i18n } from 'i18next';
import { kitEn, kitPtBR } from '../i18n/kit';

/**
 * Merges the kit's own texts into the page's i18n instance under `kit`, keeping every text already there. The kit is a
 * versioned library while the i18n instance is the runtime's, created by whichever shell is deployed: a remote that
 * brings a newer kit than that shell's would otherwise show the newer texts' raw keys.
 */
export function registerKitTexts(instance: i18n = pageI18n): void {
  instance.addResourceBundle('ptBR', 'translation', { kit: kitPtBR }, true, false);
  instance.addResourceBundle('en', 'translation', { kit: kitEn }, true, false);
}
