import { api, firstScreen } from '@especifica/mf-shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import { prefetchApiQuery, queryKeys, useApiQuery } from '../index';

// A signed-in page starts its header's and its screen's first reads before TanStack Query has arrived (the shell's
// prefetch, a screen's `prefetch`), and draws the components that read them in the same moment: each read must
// leave once, the component finding the prefetched one on its way when the library arrives.
const key = [...queryKeys.standing, 'prefetched'];
const readBalance = () => api.get<{ points: number }>('/balance');

function Balance() {
  const query = useApiQuery(key, readBalance);
  return <output data-testid="points">{query.isPending ? 'carregando' : query.data?.points}</output>;
}

it('asks once for a read prefetched before the library arrived and drawn before it arrived', async () => {
  const sent: string[] = [];
  api.adapter = async (config) => {
    sent.push(config.url ?? '');
    return { status: 200, data: { points: 120 }, headers: {}, config, statusText: 'OK' };
  };
  firstScreen.hold(60_000);
  prefetchApiQuery(key, readBalance);
  render(<Balance />);
  expect(screen.getByTestId('points')).toHaveTextContent('carregando');

  act(() => firstScreen.drawn());
  await waitFor(() => expect(screen.getByTestId('points')).toHaveTextContent('120'));
  // A later moment, for a second read that would have left after the first answer.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sent).toEqual(['/balance']);
});
