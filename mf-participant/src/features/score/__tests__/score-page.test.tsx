import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, within } from '@testing-library/react';
import { signIn } from '../../../app/test-session';
import { ScorePage } from '../components/score-page';

// The canvas chart is drawn by Chart.js, which jsdom cannot run; the page's table carries the same numbers.
jest.mock('../components/month-chart', () => ({ __esModule: true, default: () => <div data-testid="score-chart" /> }));

const DAY = 86_400_000;
const accelerator = (id: string, name: string, fromDays: number, toDays: number) => ({
  id,
  name,
  description: '',
  multiplier: 1.5,
  targetType: 'category',
  targetValue: 'Metais Sanitários',
  targetLabel: 'Metais Sanitários',
  startsAt: new Date(Date.now() + fromDays * DAY).toISOString(),
  endsAt: new Date(Date.now() + toDays * DAY).toISOString(),
  active: true,
  createdAt: '2026-01-01T00:00:00Z',
});
const settings = {
  pointsPerReal: 1,
  shopkeeperSharePercent: 10,
  expiryMonths: 24,
  customerWindowDays: 180,
  levels: [],
};
const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, points: i === 2 ? 1500.5 : 0 }));

describe('the score screen', () => {
  it('shows the cycle by month and by source, the running accelerators and the rules of earning', async () => {
    fakeApi({
      '/professionals/score': [
        200,
        {
          cycleYear: 2026,
          earned: 1500.5,
          months,
          sources: [
            { source: 'invoices', points: 1200 },
            { source: 'bonuses', points: 300.5 },
          ],
        },
      ],
      '/professionals/dashboard/get-all-accelerators': [
        200,
        {
          items: [accelerator('a1', 'Mês dos Metais', -5, 10), accelerator('a2', 'Futuro', 20, 30)],
          total: 2,
          page: 1,
          limit: 100,
        },
      ],
      '/professionals/settings': [200, settings],
    });
    renderPage('/score', ['/score'], <ScorePage />);
    expect(await screen.findByTestId('score-earned')).toHaveTextContent('1.500,5 pontos');
    expect(await screen.findByTestId('score-chart')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Pontos ganhos em 2026, por mês' });
    expect(within(table).getAllByRole('row')).toHaveLength(12);
    expect(within(table).getByText('1.500,5')).toBeInTheDocument();
    expect(screen.getAllByTestId('score-source').map((row) => row.textContent)).toEqual([
      'Notas fiscais1.200',
      'Bônus de aceleradores300,5',
    ]);
    expect(await screen.findAllByTestId('score-accelerator')).toHaveLength(1);
    expect(screen.getByText(/Mês dos Metais/)).toBeInTheDocument();
    const rules = await screen.findByTestId('score-rules');
    expect(rules).toHaveTextContent('Os pontos vencem 24 meses depois do crédito.');
    expect(rules).toHaveTextContent('Pontos por R$ 1,00 em produtos participantes das notas aprovadas: 1.');
  });

  it("shows a seller the sellers' rule, a share of each approved sale, and not the professionals' per real", async () => {
    signIn('shopkeeper', 'seller');
    fakeApi({
      '/professionals/score': [200, { cycleYear: 2026, earned: 0, months, sources: [] }],
      '/professionals/dashboard/get-all-accelerators': [200, { items: [], total: 0, page: 1, limit: 100 }],
      '/professionals/settings': [200, { ...settings, shopkeeperSharePercent: 12.5 }],
    });
    renderPage('/score', ['/score'], <ScorePage />);
    const rules = await screen.findByTestId('score-rules');
    expect(rules).toHaveTextContent(
      'Cada venda que você registra, quando a nota é aprovada, lhe dá 12,5% dos pontos-base',
    );
    expect(rules).not.toHaveTextContent('das notas aprovadas: 1.');
    expect(rules).toHaveTextContent('Os pontos vencem 24 meses depois do crédito.');
  });

  it("shows the server's msg when the score cannot be read", async () => {
    fakeApi({
      '/professionals/score': [500, { msg: 'Serviço indisponível.' }],
      '/professionals/dashboard/get-all-accelerators': [200, { items: [], total: 0, page: 1, limit: 100 }],
      '/professionals/settings': [200, settings],
    });
    renderPage('/score', ['/score'], <ScorePage />);
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum acelerador ativo agora.')).toBeInTheDocument();
  });
});
