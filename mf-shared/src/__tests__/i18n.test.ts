import { waitFor } from '@testing-library/react';
import { createI18n, LANGUAGE_KEY, registerTexts } from '../i18n';

describe('texts by key (pt-BR by default, English on demand)', () => {
  beforeEach(() => localStorage.clear());

  it('starts in pt-BR', () => {
    const i18n = createI18n(localStorage);
    expect(i18n.language).toBe('ptBR');
    expect(i18n.t('remote.failedTitle')).toBe('Não foi possível carregar esta área');
  });

  it('fetches English when chosen, and remembers the choice', async () => {
    const i18n = createI18n(localStorage);
    await i18n.changeLanguage('en');
    await waitFor(() => expect(i18n.t('common.retry')).toBe('Try again'));
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('comes back in English after a reload when English was saved', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'en');
    const i18n = createI18n(localStorage);
    await waitFor(() => expect(i18n.t('common.retry')).toBe('Try again'));
    expect(i18n.language).toBe('en');
  });
});

describe("a module's own texts (registerTexts)", () => {
  beforeEach(() => localStorage.clear());

  // A module's dictionaries: a section of its own, and one key added to a section the shared texts also have.
  const ptBR = { invoices: { title: 'Notas fiscais', send: 'Enviar nota fiscal' }, common: { back: 'Voltar' } };
  const en = { invoices: { title: 'Invoices' }, common: { back: 'Back' } };

  it('shows its pt-BR at once, beside the shared texts of the same section', () => {
    const i18n = createI18n(localStorage);
    let fetched = 0;
    registerTexts(i18n, {
      ptBR,
      en: async () => {
        fetched += 1;
        return { en };
      },
    });
    expect(i18n.t('invoices.title')).toBe('Notas fiscais');
    expect(i18n.t('common.back')).toBe('Voltar');
    expect(i18n.t('common.retry')).toBe('Tentar novamente');
    // English is not fetched until someone chooses it.
    expect(fetched).toBe(0);
  });

  it('shows its English after switching language, and its pt-BR where its English lacks a key', async () => {
    const i18n = createI18n(localStorage);
    registerTexts(i18n, { ptBR, en: async () => ({ en }) });
    await i18n.changeLanguage('en');
    await waitFor(() => expect(i18n.t('invoices.title')).toBe('Invoices'));
    expect(i18n.t('common.back')).toBe('Back');
    expect(i18n.t('common.retry')).toBe('Try again');
    expect(i18n.t('invoices.send')).toBe('Enviar nota fiscal');

    await i18n.changeLanguage('ptBR');
    expect(i18n.t('invoices.title')).toBe('Notas fiscais');
  });

  it('fetches its English at once when it loads into a page already in English, and announces it', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'en');
    const i18n = createI18n(localStorage);
    await waitFor(() => expect(i18n.t('common.retry')).toBe('Try again'));
    const announced: string[] = [];
    i18n.on('languageChanged', (lng) => announced.push(lng));
    registerTexts(i18n, { ptBR, en: async () => ({ en }) });
    await waitFor(() => expect(i18n.t('invoices.title')).toBe('Invoices'));
    expect(announced).toContain('en');
  });
});
