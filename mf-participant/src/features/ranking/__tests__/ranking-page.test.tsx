import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen } from '@testing-library/react';
import { signIn } from '../../../app/test-session';
import { RankingPage } from '../components/ranking-page';

const entry = (position: number, name: string, points: number) => ({
  position,
  id: `u${position}`,
  name,
  points,
  reachedAt: '2026-05-01T00:00:00Z',
  detail: null,
});
const period = { from: '2026-01-01', to: '2026-12-31' };

describe('the seller ranking screen', () => {
  beforeEach(() => signIn('shopkeeper', 'seller'));

  it('highlights my own row below the page when I am not on it', async () => {
    fakeApi({
      '/shopkeeper/seller-ranking': [
        200,
        {
          items: [entry(1, 'Paula', 900), entry(2, 'Rui', 800)],
          total: 30,
          page: 1,
          limit: 25,
          period,
          me: entry(27, 'Sérgio', 10.5),
        },
      ],
    });
    renderPage('/ranking', ['/ranking'], <RankingPage />);
    const own = await screen.findByTestId('ranking-own');
    expect(own).toHaveTextContent('27ºSérgio (você)10,5');
    expect(screen.getAllByTestId('ranking-row')).toHaveLength(2);
    expect(screen.getByText(/Você está em 27º de 30\./)).toBeInTheDocument();
  });

  it('highlights my row in place when it is on the page', async () => {
    fakeApi({
      '/shopkeeper/seller-ranking': [
        200,
        {
          items: [entry(1, 'Sérgio', 900), entry(2, 'Rui', 800)],
          total: 2,
          page: 1,
          limit: 25,
          period,
          me: entry(1, 'Sérgio', 900),
        },
      ],
    });
    renderPage('/ranking', ['/ranking'], <RankingPage />);
    expect(await screen.findByTestId('ranking-own')).toHaveTextContent('1ºSérgio (você)900');
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});
