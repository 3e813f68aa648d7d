import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, within } from '@testing-library/react';
import { AcceleratorsPage } from '../components/accelerators-page';

const DAY = 86_400_000;
const accelerator = (
  id: string,
  name: string,
  fromDays: number,
  toDays: number,
  targetType = 'brand',
  targetLabel = 'Deca',
) => ({
  id,
  name,
  description: 'Pontos a mais.',
  multiplier: 2,
  targetType,
  targetValue: targetLabel,
  targetLabel,
  startsAt: new Date(Date.now() + fromDays * DAY).toISOString(),
  endsAt: new Date(Date.now() + toDays * DAY).toISOString(),
  active: true,
  createdAt: '2026-01-01T00:00:00Z',
});

describe('the accelerators screen', () => {
  it('splits those running now from those to come, with target, multiplier and period', async () => {
    fakeApi({
      '/professionals/dashboard/get-all-accelerators': [
        200,
        {
          items: [
            accelerator('a1', 'Mês da Deca', -3, 7),
            accelerator('a2', 'Iluminação em dobro', 5, 15, 'category', 'Iluminação'),
          ],
          total: 2,
          page: 1,
          limit: 100,
        },
      ],
    });
    renderPage('/accelerators', ['/accelerators'], <AcceleratorsPage />);
    const running = await screen.findByRole('region', { name: 'Ativos agora' });
    expect(within(running).getByText('Mês da Deca')).toBeInTheDocument();
    expect(within(running).getByText('2x')).toBeInTheDocument();
    expect(within(running).getByText(/Marca/)).toHaveTextContent('Marca: Deca');
    const coming = screen.getByRole('region', { name: 'Em breve' });
    expect(within(coming).getByText(/Categoria/)).toHaveTextContent('Categoria: Iluminação');
  });

  it('shows the last day the admin typed, in São Paulo, not the instant after it', async () => {
    const ending = {
      ...accelerator('a3', 'Fim de ano', -3, 7),
      startsAt: '2026-12-01T03:00:00.000Z',
      // The API keeps the instant after the last day: 21/12 at midnight in São Paulo.
      endsAt: '2026-12-21T03:00:00.000Z',
    };
    fakeApi({
      '/professionals/dashboard/get-all-accelerators': [200, { items: [ending], total: 1, page: 1, limit: 100 }],
    });
    renderPage('/accelerators', ['/accelerators'], <AcceleratorsPage />);
    expect(await screen.findByText(/01\/12\/2026/)).toHaveTextContent('20/12/2026');
    expect(screen.queryByText(/21\/12\/2026/)).toBeNull();
  });

  it('says when there is none', async () => {
    fakeApi({ '/professionals/dashboard/get-all-accelerators': [200, { items: [], total: 0, page: 1, limit: 100 }] });
    renderPage('/accelerators', ['/accelerators'], <AcceleratorsPage />);
    expect(await screen.findByText('Nenhum acelerador ativo ou programado.')).toBeInTheDocument();
  });
});
