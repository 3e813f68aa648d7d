import { session, type Toast, toasts } from '@especifica/mf-shared';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountsPage } from '../components/accounts-page';

const accounts = [
  { id: 'p1', role: 'professional', name: 'Marina Duarte', shopkeeperType: null, storeName: null, current: true },
  {
    id: 's1',
    role: 'shopkeeper',
    name: 'Marina Duarte',
    shopkeeperType: 'seller',
    storeName: 'Loja Demo',
    current: false,
  },
];
const user = { name: 'Marina Duarte', email: 'marina@especifica.dev', profileImage: null, shopkeeperType: null };

describe('the accounts page', () => {
  const shown: Toast[] = [];
  const subscription = toasts.toasts.subscribe((toast) => shown.push(toast));
  afterAll(() => subscription.unsubscribe());
  beforeEach(() => {
    shown.length = 0;
    session.setUser({ ...user, accessToken: 'old', userType: 'professional' }, true);
  });

  it('lists the accounts of the e-mail and switching re-issues the session: ACCOUNT_SWITCHED', async () => {
    const sent = fakeApi({
      '/auth/accounts': [200, { accounts }],
      '/auth/switch-account': [
        200,
        {
          accessToken: 'new',
          user: { ...user, userType: 'shopkeeper', shopkeeperType: 'seller' },
          loginAllUsers: true,
        },
      ],
    });
    renderPage('/accounts', ['/accounts'], <AccountsPage />);
    expect(await screen.findByText('Lojista em Loja Demo')).toBeInTheDocument();
    expect(screen.getByText('Conta atual')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar: Lojista em Loja Demo' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(sent.at(-1)).toEqual({
      method: 'post',
      url: '/auth/switch-account',
      body: { id: 's1', role: 'shopkeeper' },
    });
    expect(session.value.user).toMatchObject({ accessToken: 'new', userType: 'shopkeeper' });
    expect(session.value.accountSwitch).toBe('ACCOUNT_SWITCHED');
    expect(session.value.loginAllUsers).toBe(true);
  });

  it('keeps the session and marks ACCOUNT_SWITCHED_ERROR when the switch is refused', async () => {
    fakeApi({
      '/auth/accounts': [200, { accounts }],
      '/auth/switch-account': [
        403,
        { msg: 'Não foi possível trocar de conta. Entre novamente.', code: 'ACCOUNT_SWITCHED_ERROR' },
      ],
    });
    renderPage('/accounts', ['/accounts'], <AccountsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Entrar: Lojista em Loja Demo' }));
    await waitFor(() => expect(session.value.accountSwitch).toBe('ACCOUNT_SWITCHED_ERROR'));
    expect(session.value.user?.accessToken).toBe('old');
    expect(shown.map((toast) => toast.message)).toContain('Não foi possível trocar de conta. Entre novamente.');
  });
});
