import { waitFor } from '@testing-library/react';
import { createI18n, LANGUAGE_KEY } from '../i18n';

describe('texts by key (pt-BR by default, English on demand)', () => {
  beforeEach(() => localStorage.clear());

  it('starts in pt-BR', () => {
    const i18n = createI18n(localStorage);
    expect(i18n.language).toBe('ptBR');
    expect(i18n.t('login.invalidLogin')).toBe('Digite um login válido.');
  });

  it('fetches English when chosen, and remembers the choice', async () => {
    const i18n = createI18n(localStorage);
    await i18n.changeLanguage('en');
    await waitFor(() => expect(i18n.t('login.submit')).toBe('Sign in'));
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('comes back in English after a reload when English was saved', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'en');
    const i18n = createI18n(localStorage);
    await waitFor(() => expect(i18n.t('login.submit')).toBe('Sign in'));
    expect(i18n.language).toBe('en');
  });
});
