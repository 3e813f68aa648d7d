import { api, COMMUNICATION_FAILURE, type Toast, toasts } from '@especifica/mf-shared';
import { MemoryRouter } from '@especifica/mf-shared/router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from '../components/login-page';

// The login form fetches the contract it validates with when someone starts on it: here it cannot arrive until the
// test says so.
let available = false;
jest.mock('@especifica/mf-shared/contracts', () => {
  const actual = jest.requireActual('@especifica/mf-shared/contracts');
  return {
    ...actual,
    get loginBodySchema() {
      if (!available) throw new Error('Loading chunk 512 failed.');
      return actual.loginBodySchema;
    },
  };
});

describe('the login form when its contract does not arrive', () => {
  it('says the communication failed, sends nothing, and validates once the contract comes on a later try', async () => {
    const shown: Toast[] = [];
    const subscription = toasts.toasts.subscribe((toast) => shown.push(toast));
    const sent: unknown[] = [];
    api.adapter = async (config) => {
      sent.push(config.url);
      return { status: 200, data: {}, headers: {}, config, statusText: 'OK' };
    };
    render(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage variant="participant" />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(shown.map((toast) => toast.message)).toEqual([COMMUNICATION_FAILURE]));
    expect(screen.queryByText('Digite um login válido.')).toBeNull();

    available = true;
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Digite um login válido.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    subscription.unsubscribe();
  });
});
