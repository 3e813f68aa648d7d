import i18next, { type i18n } from 'i18next';
import { ptBR } from './pt-br';

export const LANGUAGE_KEY = 'language';
export const languages = ['ptBR', 'en'] as const;
export type Language = (typeof languages)[number];

export function storedLanguage(storage: Storage | undefined = globalThis.localStorage): Language {
  try {
    const saved = storage?.getItem(LANGUAGE_KEY);
    return (languages as readonly string[]).includes(saved ?? '') ? (saved as Language) : 'ptBR';
  } catch {
    return 'ptBR';
  }
}

/**
 * pt-BR ships with every page; English is fetched the first time it is chosen (or found saved), so /login does
 * not download a dictionary most people never use. Until it arrives, texts fall back to pt-BR.
 */
export function loadLanguage(instance: i18n, lng: string): Promise<void> {
  if (lng !== 'en' || instance.hasResourceBundle('en', 'translation')) return Promise.resolve();
  return import('./en').then(({ en }) => {
    instance.addResourceBundle('en', 'translation', en, true, true);
  });
}

export function createI18n(storage: Storage | undefined = globalThis.localStorage): i18n {
  const instance = i18next.createInstance();
  const lng = storedLanguage(storage);
  void instance.init({
    lng,
    fallbackLng: 'ptBR',
    resources: { ptBR: { translation: ptBR } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instance.on('languageChanged', (chosen) => {
    try {
      storage?.setItem(LANGUAGE_KEY, chosen);
    } catch {
      // The choice then lasts until reload.
    }
    // Once the dictionary is in, announce the language again so every screen re-renders with it.
    if (!instance.hasResourceBundle(chosen, 'translation')) {
      void loadLanguage(instance, chosen).then(() => instance.changeLanguage(chosen));
    }
  });
  void loadLanguage(instance, lng).then(() => {
    if (lng === 'en') void instance.changeLanguage('en');
  });
  return instance;
}
