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

const slicedKey = [...queryKeys.standing, 'sliced'];
/** Each render of Seen: the points in the cache, and the points the hook gave the screen. */
const renders: [number | undefined, number | undefined][] = [];

function Seen() {
  const query = useApiQuery(slicedKey, () => api.get<{ points: number }>('/balance'));
  renders.push([queryClient.getQueryData<{ points: number }>(slicedKey)?.points, query.data?.points]);
  return <output data-testid="seen">{query.data?.points ?? '…'}</output>;
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

  it("shows a query's first answer in a transition, one found in the cache at once, and later answers at once", async () => {
    let points = 100;
    fakeApi({ '/balance': () => [200, { points }] });
    renders.length = 0;
    const first = render(<Seen />);
    await waitFor(() => expect(screen.getByTestId('seen')).toHaveTextContent('100'));
    // The answer reached the cache in one render and the screen in a later one, the transition's.
    expect(renders).toContainEqual([100, undefined]);

    renders.length = 0;
    points = 70;
    await act(() => queryClient.invalidateQueries({ queryKey: slicedKey }));
    await waitFor(() => expect(screen.getByTestId('seen')).toHaveTextContent('70'));
    expect(renders.filter(([cached, shown]) => cached !== shown)).toEqual([]);
    first.unmount();

    renders.length = 0;
    render(<Seen />);
    expect(renders[0]).toEqual([70, 70]);
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
