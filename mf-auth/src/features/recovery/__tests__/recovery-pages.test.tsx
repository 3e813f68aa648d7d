import { session, type Toast, toasts } from '@especifica/mf-shared';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ForgotPasswordPage } from '../components/forgot-password-page';
import { PasswordRecoveredPage } from '../components/password-recovered-page';
import { ResetPasswordPage } from '../components/reset-password-page';

const FAILED = 'Ocorreu um erro, verifique os dados e tente novamente.';
const recovered = { msg: 'Se o e-mail estiver cadastrado, enviaremos um código de segurança em instantes.' };

describe('password recovery pages', () => {
  const shown: Toast[] = [];
  const subscription = toasts.toasts.subscribe((toast) => shown.push(toast));
  afterAll(() => subscription.unsubscribe());
  beforeEach(() => {
    shown.length = 0;
    session.setRecoverPassword(null);
  });

  it('asks for a shopkeeper code at the shopkeeper route and goes on to the reset page with the e-mail kept', async () => {
    const sent = fakeApi({ '/auth/recover-shopkeeper': [200, recovered] });
    renderPage('/forgot-password', ['/forgot-password'], <ForgotPasswordPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Sou lojista' }));
    await userEvent.type(screen.getByLabelText('E-mail'), 'sergio@especifica.dev');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/reset-password');
    expect(sent).toEqual([
      { method: 'post', url: '/auth/recover-shopkeeper', body: { email: 'sergio@especifica.dev' } },
    ]);
    expect(session.value.recoverPassword).toEqual({ email: 'sergio@especifica.dev', error: null, type: 'shopkeeper' });
  });

  it('recovers an admin at /cms/forgot-password, without the participant choice', async () => {
    const sent = fakeApi({ '/auth/cms/recover': [200, recovered] });
    renderPage('/cms/forgot-password', ['/cms/forgot-password'], <ForgotPasswordPage />);
    expect(screen.queryByRole('button', { name: 'Sou lojista' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), 'admin@especifica.dev');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/cms/reset-password');
    expect(sent[0]?.url).toBe('/auth/cms/recover');
  });

  it('shows "Digite um e-mail válido." and sends nothing for a bad e-mail', async () => {
    const sent = fakeApi({});
    renderPage('/forgot-password', ['/forgot-password'], <ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Digite um e-mail válido.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  async function fillReset(code: string, password: string, confirmation: string) {
    await userEvent.type(screen.getByLabelText('Código de segurança'), code);
    await userEvent.type(screen.getByLabelText('Nova senha'), password);
    await userEvent.type(screen.getByLabelText('Confirme a nova senha'), confirmation);
    await userEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
  }

  it('shows the messages of spec 5 for a bad code and a confirmation that does not match', async () => {
    const sent = fakeApi({});
    session.setRecoverPassword({ email: 'ana@especifica.dev', error: null, type: 'professional' });
    renderPage('/reset-password', ['/reset-password'], <ResetPasswordPage />);
    await fillReset('12ab', 'uma senha longa', 'outra senha longa');
    expect(await screen.findByText('Digite um código válido.')).toBeInTheDocument();
    expect(screen.getByText('As senhas não coincidem.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('keeps the recover data with the error and shows the failure toast when the code is refused', async () => {
    fakeApi({ '/auth/reset': [400, { msg: 'Código inválido ou expirado.', code: 'invalid-code' }] });
    session.setRecoverPassword({ email: 'ana@especifica.dev', error: null, type: 'professional' });
    renderPage('/reset-password', ['/reset-password'], <ResetPasswordPage />);
    await fillReset('123456', 'uma senha longa', 'uma senha longa');
    await waitFor(() => expect(shown.map((toast) => toast.message)).toEqual([FAILED]));
    expect(session.value.recoverPassword).toEqual({
      email: 'ana@especifica.dev',
      error: 'Código inválido ou expirado.',
      type: 'professional',
    });
    expect(await screen.findByText('Código inválido ou expirado.')).toBeInTheDocument();
  });

  it('clears the recover data and shows the success page after a reset', async () => {
    const sent = fakeApi({ '/auth/reset': [200, { msg: 'ok' }] });
    session.setRecoverPassword({ email: 'ana@especifica.dev', error: null, type: 'professional' });
    renderPage('/reset-password', ['/reset-password'], <ResetPasswordPage />);
    await fillReset('123456', 'uma senha longa', 'uma senha longa');
    expect(await screen.findByTestId('where')).toHaveTextContent('/password-recovered');
    expect(sent[0]).toEqual({
      method: 'post',
      url: '/auth/reset',
      body: { email: 'ana@especifica.dev', code: '123456', newPassword: 'uma senha longa' },
    });
    expect(session.value.recoverPassword).toBeNull();
  });

  it('links the success page back to the login of its variant', async () => {
    renderPage('/cms/password-recovered', ['/cms/password-recovered'], <PasswordRecoveredPage />);
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/cms/login');
  });
});
