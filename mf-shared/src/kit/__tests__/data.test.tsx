import { api, session } from '@especifica/mf-shared';
import { queryClient } from '@especifica/mf-shared/runtime/query';
import { fakeApi, recordToasts } from '@especifica/mf-shared/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryKeys, useApiMutation, useApiQuery } from '../index';

function Balance() {
  const query = useApiQuery([...queryKeys.standing, 'test'], () => api.get<{ points: number }>('/balance'));
  const redeem = useApiMutation(() => api.post('/redeem'), {
    invalidates: [queryKeys.participant],
    success: 'Resgatado!',
  });
  return (
    <>
      <output data-testid="points">{query.data?.points ?? '…'}</output>
      <button type="button" onClick={() => void redeem.run()}>
        Resgatar
      </button>
    </>
  );
}

function Quiet() {
  const query = useApiQuery(['quiet'], () => api.get('/missing'), { silent: true });
  return <output data-testid="quiet">{query.error?.msg ?? ''}</output>;
}

describe('the data layer', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
    queryClient.clear();
  });

  it('refreshes what a mutation invalidates, so the balance follows a redemption without a reload', async () => {
    let points = 100;
    fakeApi({
      '/balance': () => [200, { points }],
      '/redeem': () => {
        points -= 30;
        return [200, { msg: 'ok' }];
      },
    });
    render(<Balance />);
    await waitFor(() => expect(screen.getByTestId('points')).toHaveTextContent('100'));
    await userEvent.click(screen.getByRole('button', { name: 'Resgatar' }));
    await waitFor(() => expect(screen.getByTestId('points')).toHaveTextContent('70'));
    expect(toasts.shown.map((toast) => toast.message)).toEqual(['Resgatado!']);
  });

  it("toasts a failed call's msg by default and not when the call opts out", async () => {
    fakeApi({ '/redeem': [422, { msg: 'Saldo insuficiente.' }], '/balance': [200, { points: 1 }] });
    render(<Balance />);
    await userEvent.click(screen.getByRole('button', { name: 'Resgatar' }));
    await waitFor(() => expect(toasts.shown.map((toast) => toast.message)).toEqual(['Saldo insuficiente.']));
    render(<Quiet />);
    await waitFor(() => expect(screen.getByTestId('quiet')).toHaveTextContent('no route'));
    expect(toasts.shown).toHaveLength(1);
  });

  it('forgets every cached answer when the session changes hands', async () => {
    fakeApi({ '/balance': [200, { points: 5 }] });
    session.setUser({
      name: 'A',
      email: 'a@x.dev',
      profileImage: null,
      accessToken: 't1',
      userType: 'professional',
      shopkeeperType: null,
    });
    render(<Balance />);
    await waitFor(() => expect(screen.getByTestId('points')).toHaveTextContent('5'));
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);
    act(() => session.clearUser());
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
