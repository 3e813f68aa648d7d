import { session, type Toast, toasts } from '@especifica/mf-shared';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from '../components/login-page';

const user = {
  name: 'Paula',
  email: 'paula@especifica.dev',
  profileImage: null,
  userType: 'professional',
  shopkeeperType: null,
};

async function login(email = 'paula@especifica.dev') {
  await userEvent.type(screen.getByLabelText('E-mail'), email);
  await userEvent.type(screen.getByLabelText('Senha'), 'Especifica@2026');
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('login outcomes', () => {
  const shown: Toast[] = [];
  const subscription = toasts.toasts.subscribe((toast) => shown.push(toast));
  afterAll(() => subscription.unsubscribe());
  beforeEach(() => {
    shown.length = 0;
    localStorage.clear();
    session.clearUser();
  });

  it('LOGIN_ACCEPT_TERM_IN: shows the regulation, asks for acceptance without a toast, then enters', async () => {
    const sent = fakeApi({
      '/auth/login': [200, { termsToken: 'step', terms: { version: 2, title: 'Regulamento v2', content: 'Texto' } }],
      '/auth/accept-terms': [200, { accessToken: 'tok', user, loginAllUsers: false }],
    });
    renderPage('/login', ['/login'], <LoginPage variant="participant" />);
    await login();
    expect(await screen.findByText('Regulamento v2')).toBeInTheDocument();
    expect(session.value.loginStatus).toBe('LOGIN_ACCEPT_TERM_IN');
    expect(session.value.user).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar e entrar' }));
    expect(await screen.findByText('Você precisa aceitar os termos de uso')).toBeInTheDocument();
    expect(shown).toHaveLength(0);
    await userEvent.click(screen.getByText('Li e aceito o regulamento'));
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar e entrar' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(sent.at(-1)?.body).toEqual({ termsToken: 'step', version: 2, accept: true });
    expect(session.value.user?.accessToken).toBe('tok');
  });

  it('user-incomplete: keeps the user id and the stores and opens the complete-your-data step', async () => {
    const data = {
      userId: 'u1',
      registrationToken: 'r',
      stores: [{ id: 's', name: 'Loja' }],
      user: { name: 'I', email: 'i@x.dev' },
    };
    fakeApi({ '/auth/login': [403, { msg: 'Complete seu cadastro para continuar.', code: 'user-incomplete', data }] });
    renderPage('/login', ['/login'], <LoginPage variant="participant" />);
    await login('i@x.dev');
    expect(await screen.findByTestId('where')).toHaveTextContent('/sign-up-profissional');
    expect(session.value.signUp).toMatchObject({ userId: 'u1', stores: data.stores, mode: 'complete' });
    expect(session.value.loginStatus).toBe('LOGIN_FAILED');
  });

  it('several accounts: marks loginAllUsers and goes to /accounts', async () => {
    fakeApi({ '/auth/login': [200, { accessToken: 'tok', user, loginAllUsers: true }] });
    renderPage('/login', ['/login'], <LoginPage variant="participant" />);
    await login();
    expect(await screen.findByTestId('where')).toHaveTextContent('/accounts');
    expect(session.value.loginAllUsers).toBe(true);
  });

  it('links "Esqueci minha senha" to the recovery of the chosen participant type', async () => {
    fakeApi({});
    renderPage('/login', ['/login'], <LoginPage variant="participant" />);
    await userEvent.click(screen.getByRole('button', { name: 'Sou lojista' }));
    await userEvent.click(screen.getByRole('link', { name: 'Esqueci minha senha' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/forgot-password');
    await waitFor(() => expect(session.value.recoverPassword?.type).toBe('shopkeeper'));
  });

  it('offers the sign-up choice "Sou profissional" / "Sou lojista"', async () => {
    fakeApi({});
    renderPage('/login', ['/login'], <LoginPage variant="participant" />);
    await userEvent.click(screen.getByRole('button', { name: 'Ainda não tem conta? Cadastre-se' }));
    expect(screen.getByRole('link', { name: 'Sou profissional' })).toHaveAttribute('href', '/sign-up-profissional');
    expect(screen.getByRole('link', { name: 'Sou lojista' })).toHaveAttribute('href', '/sign-up-lojista');
  });
});
