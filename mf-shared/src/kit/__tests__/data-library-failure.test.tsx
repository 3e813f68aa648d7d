import { api, COMMUNICATION_FAILURE, type Toast, toasts } from '@especifica/mf-shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useApiMutation, useApiQuery } from '../index';

// The query client's file did not arrive (a deploy replaced it, the network dropped): its import fails.
jest.mock('@especifica/mf-shared/runtime/query', () => {
  throw new Error('Loading chunk query failed.');
});

function Balance() {
  const query = useApiQuery(['balance'], () => api.get<{ points: number }>('/balance'));
  const redeem = useApiMutation(() => api.post('/redeem'));
  const [refused, setRefused] = useState('');
  return (
    <>
      <output data-testid="error">{query.isPending ? 'carregando' : query.error?.msg}</output>
      <output data-testid="refused">{refused}</output>
      <button type="button" onClick={() => void redeem.run().then(([, error]) => setRefused(error?.msg ?? ''))}>
        Resgatar
      </button>
    </>
  );
}

it("shows the communication failure when TanStack Query's file does not arrive, and sends nothing", async () => {
  const sent: string[] = [];
  api.adapter = async (config) => {
    sent.push(config.url ?? '');
    return { status: 200, data: { points: 1 }, headers: {}, config, statusText: 'OK' };
  };
  const shown: Toast[] = [];
  const subscription = toasts.toasts.subscribe((toast) => shown.push(toast));
  const failure = `${COMMUNICATION_FAILURE} (Erro: Loading chunk query failed.)`;

  render(<Balance />);
  await waitFor(() => expect(screen.getByTestId('error')).toHaveTextContent(failure));
  await userEvent.click(screen.getByRole('button', { name: 'Resgatar' }));
  await waitFor(() => expect(screen.getByTestId('refused')).toHaveTextContent(failure));
  expect(shown.map((toast) => toast.message)).toEqual([failure]);
  expect(sent).toEqual([]);
  subscription.unsubscribe();
});
