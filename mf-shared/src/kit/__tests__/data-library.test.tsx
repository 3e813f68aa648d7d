import { api, firstScreen, type Toast, toasts } from '@especifica/mf-shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { queryKeys, useApiMutation, useApiQuery } from '../index';

// TanStack Query is asked for once the first screen is shown: this file holds the page's first screen before any
// hook runs, so the library has not arrived when the component below is first drawn. (The testing kit is not used
// here: it loads the query client to empty its cache.)
const required: string[] = [];
jest.mock('@tanstack/react-query', () => {
  required.push('@tanstack/react-query');
  return jest.requireActual('@tanstack/react-query');
});

function Balance() {
  const query = useApiQuery([...queryKeys.standing, 'library'], () => api.get<{ points: number }>('/balance'));
  const redeem = useApiMutation(() => api.post<{ msg: string }>('/redeem'), {
    invalidates: [queryKeys.participant],
    success: 'Resgatado!',
  });
  const [answer, setAnswer] = useState('');
  return (
    <>
      <output data-testid="points">{query.isPending ? 'carregando' : query.data?.points}</output>
      <output data-testid="answer">{answer}</output>
      <output data-testid="busy">{redeem.isPending ? 'sim' : 'não'}</output>
      <button type="button" onClick={() => void redeem.run().then(([data]) => setAnswer(data?.msg ?? ''))}>
        Resgatar
      </button>
    </>
  );
}

describe('the data layer before TanStack Query has arrived', () => {
  it('shows a query as pending and holds a change until the first screen is shown, then runs both once', async () => {
    let points = 100;
    const sent: string[] = [];
    api.adapter = async (config) => {
      sent.push(config.url ?? '');
      if (config.url === '/redeem') points -= 30;
      const data = config.url === '/redeem' ? { msg: 'ok' } : { points };
      return { status: 200, data, headers: {}, config, statusText: 'OK' };
    };
    const shown: Toast[] = [];
    const subscription = toasts.toasts.subscribe((toast) => shown.push(toast));
    const http = api.http;
    jest.spyOn(api, 'http').mockImplementation(() => {
      if (!required.includes('axios')) required.push('axios');
      return http();
    });
    firstScreen.hold(60_000);
    render(<Balance />);
    expect(screen.getByTestId('points')).toHaveTextContent('carregando');

    await userEvent.click(screen.getByRole('button', { name: 'Resgatar' }));
    // The change waits for the library, and says so: a second tap cannot send it twice.
    expect(screen.getByTestId('busy')).toHaveTextContent('sim');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    expect(required).toEqual([]);
    expect(screen.getByTestId('points')).toHaveTextContent('carregando');

    act(() => firstScreen.drawn());
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('ok'));
    await waitFor(() => expect(screen.getByTestId('points')).toHaveTextContent('70'));
    expect(screen.getByTestId('busy')).toHaveTextContent('não');
    // axios is asked for beside the library, not by the first read once the library has arrived.
    expect(required).toEqual(['axios', '@tanstack/react-query']);
    expect(sent.filter((url) => url === '/redeem')).toHaveLength(1);
    expect(shown.map((toast) => toast.message)).toEqual(['Resgatado!']);
    subscription.unsubscribe();
  });
});
