import i18next, { type i18n } from 'i18next';
import { ptBR } from './pt-br';

export const LANGUAGE_KEY = 'language';
export const languages = ['ptBR', 'en'] as const;
export type Language = (typeof languages)[number];

/** A dictionary of texts by key, nested by section. */
export type Texts = { [key: string]: string | Texts };

/** A module's own texts: pt-BR at once, English fetched only when English is chosen. */
export interface ModuleTexts {
  ptBR: Texts;
  en: () => Promise<{ en: Texts }>;
}

export function storedLanguage(storage: Storage | undefined = globalThis.localStorage): Language {
  try {
    const saved = storage?.getItem(LANGUAGE_KEY);
    return (languages as readonly string[]).includes(saved ?? '') ? (saved as Language) : 'ptBR';
  } catch {
    return 'ptBR';
  }
}

/**
 * pt-BR ships with every page; an English dictionary is fetched the first time English is chosen (or found saved),
 * so /login does not download texts most people never use. Until it arrives, texts fall back to pt-BR; once it is
 * in, the language is announced again so every screen re-renders with it. Each dictionary watches the language
 * itself, so a module's texts load even when its copy of this file is not the one that created the instance.
 */
function addEnglishWhenChosen(instance: i18n, load: ModuleTexts['en']) {
  let state: 'waiting' | 'loading' | 'done' = 'waiting';
  const fetchIfEnglish = (lng: string) => {
    if (lng !== 'en' || state !== 'waiting') return;
    state = 'loading';
    load().then(
      ({ en }) => {
        state = 'done';
        instance.off('languageChanged', fetchIfEnglish);
        instance.addResourceBundle('en', 'translation', en, true, true);
        if (instance.language === 'en') void instance.changeLanguage('en');
      },
      () => {
        // Tried again the next time English is chosen.
        state = 'waiting';
      },
    );
  };
  instance.on('languageChanged', fetchIfEnglish);
  fetchIfEnglish(instance.language);
}

/**
 * Adds a module's texts to the one i18n instance of the page when the module loads: its pt-BR merged in at once
 * (a section it shares with others, like `signUp`, keeps both sides' keys), its English fetched when English is
 * chosen (at once, if it already is). A key missing in English shows its pt-BR text.
 */
export function registerTexts(instance: i18n, texts: ModuleTexts): void {
  instance.addResourceBundle('ptBR', 'translation', texts.ptBR, true, true);
  addEnglishWhenChosen(instance, texts.en);
}

export function createI18n(storage: Storage | undefined = globalThis.localStorage): i18n {
  const instance = i18next.createInstance();
  const lng = storedLanguage(storage);
  void instance.init({
    lng,
    fallbackLng: 'ptBR',
    // A copy: modules' texts are merged into the store, and the dictionary itself must stay as written.
    resources: { ptBR: { translation: JSON.parse(JSON.stringify(ptBR)) as Texts } },
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
  });
  addEnglishWhenChosen(instance, () => import('./en'));
  return instance;
}
