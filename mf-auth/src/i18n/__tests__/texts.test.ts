import { createI18n } from '@especifica/mf-shared';
import { waitFor } from '@testing-library/react';
import { registerOwnTexts } from '..';

describe("mf-auth's own texts", () => {
  beforeEach(() => localStorage.clear());

  it('are added to the instance it is given, in pt-BR and in English after switching', async () => {
    const i18n = createI18n(localStorage);
    expect(i18n.exists('login.submit')).toBe(false);
    registerOwnTexts(i18n);
    expect(i18n.t('login.submit')).toBe('Entrar');
    expect(i18n.t('signUp.finishedTitle')).toBe('Cadastro concluído!');
    // The field labels that the form kit and other modules share stay in mf-shared's texts.
    expect(i18n.t('signUp.cpf')).toBe('CPF');
    await i18n.changeLanguage('en');
    await waitFor(() => expect(i18n.t('login.submit')).toBe('Sign in'));
    expect(i18n.t('signUp.finishedTitle')).toBe('Sign-up finished!');
  });
});
