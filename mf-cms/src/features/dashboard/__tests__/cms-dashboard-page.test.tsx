import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CmsDashboardPage } from '../components/cms-dashboard-page';

// The canvas charts are drawn by Chart.js, which jsdom cannot run; each chart's table carries the same numbers.
jest.mock('../components/month-chart', () => ({
  __esModule: true,
  default: ({ testId }: { testId: string }) => <div data-testid={testId} />,
}));

const month = (value: string, figures: Partial<Record<string, number>> = {}) => ({
  month: value,
  invoices: 0,
  approved: 0,
  amount: 0,
  points: 0,
  redeemed: 0,
  expired: 0,
  ...figures,
});
const months = [
  ...Array.from({ length: 11 }, (_, index) => month(`2025-${String(index + 1).padStart(2, '0')}`)),
  month('2025-12', { invoices: 7, approved: 5, amount: 12500.5, points: 12500.5, redeemed: 300, expired: 20.25 }),
];
const dashboard = {
  professionals: 12,
  stores: 3,
  shopkeepers: 4,
  admins: 1,
  kpis: {
    invoices: { pending: 2, approved: 5, rejected: 1, cancelled: 0 },
    specifiedAmount: 12500.5,
    pointsEarned: 12500.5,
    pointsRedeemed: 300,
    pointsExpired: 20.25,
    pointsOutstanding: 12180.25,
    professionalsWithPoints: 3,
    subscriptions: 4,
  },
  series: months,
};
const pending = {
  id: 'i1',
  number: '4321',
  store: { id: 's1', name: 'Casa Moderna' },
  professional: { id: 'p1', name: 'Ana Arquiteta' },
  total: 980,
  createdAt: '2025-12-02T13:00:00Z',
};
const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 5 }] as [number, unknown];

describe('the CMS dashboard', () => {
  it('charts the last 12 months with a table of the same numbers, and lists the oldest pending invoices', async () => {
    fakeApi({
      '/cms/dashboard/get-all': [200, dashboard],
      '/cms/professionals/invoices/get-all': page([pending]),
    });
    renderPage('/cms/dashboard', ['/cms/dashboard'], <CmsDashboardPage />);
    expect(await screen.findByTestId('kpi-pending')).toHaveTextContent('2');
    expect(await screen.findByTestId('chart-invoices')).toBeInTheDocument();
    expect(await screen.findByTestId('chart-amount')).toBeInTheDocument();
    expect(await screen.findByTestId('chart-points')).toBeInTheDocument();
    const points = screen.getByTestId('chart-table-points');
    expect(within(points).getAllByRole('row')).toHaveLength(13);
    const december = within(points).getByRole('row', { name: /dez\/25/ });
    expect(december).toHaveTextContent(/12\.500,5.*300.*20,25/);
    expect(within(screen.getByTestId('chart-table-amount')).getByRole('row', { name: /dez\/25/ })).toHaveTextContent(
      'R$ 12.500,50',
    );
    expect(within(screen.getByTestId('chart-table-invoices')).getByRole('row', { name: /dez\/25/ })).toHaveTextContent(
      /7\s*5/,
    );
    expect(await screen.findByText('4321')).toBeInTheDocument();
  });

  it('links every figure to the list of what it counts, already filtered, and each oldest invoice to the queue', async () => {
    fakeApi({
      '/cms/dashboard/get-all': [200, dashboard],
      '/cms/professionals/invoices/get-all': page([pending]),
    });
    renderPage('/cms/dashboard', ['/cms/dashboard'], <CmsDashboardPage />);
    await screen.findByTestId('kpi-pending');
    const cycle = `${new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date())}-01-01`;
    const links = {
      'cms-professionals': '/cms/professionals',
      'cms-stores': '/cms/shopkeepers',
      'cms-shopkeepers': '/cms/shopkeepers/users',
      'cms-admins': '/cms/users',
      'kpi-pending': '/invoices?status=pending',
      'kpi-approved': '/invoices?status=approved',
      'kpi-rejected': '/invoices?status=rejected',
      'kpi-specified': `/invoices?status=approved&from=${cycle}`,
      'kpi-earned': '/cms/reports/professionals-ranking',
      'kpi-redeemed': '/cms/professionals/experiences',
      'kpi-expired': '/cms/professionals?sort=-points',
      'kpi-outstanding': '/cms/professionals?sort=-points',
      'kpi-withPoints': '/cms/reports/professionals-ranking',
      'kpi-subscriptions': '/cms/professionals/experiences',
    };
    for (const [testId, to] of Object.entries(links)) {
      expect(screen.getByTestId(testId).closest('a')).toHaveAttribute('href', to);
    }
    expect(await screen.findByRole('link', { name: '4321' })).toHaveAttribute(
      'href',
      '/invoices?status=pending&search=4321',
    );
    await userEvent.click(screen.getByRole('link', { name: /Notas pendentes/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/invoices?status=pending');
  });

  it('says when no invoice is waiting for review', async () => {
    fakeApi({ '/cms/dashboard/get-all': [200, dashboard], '/cms/professionals/invoices/get-all': page([]) });
    renderPage('/cms/dashboard', ['/cms/dashboard'], <CmsDashboardPage />);
    expect(await screen.findByText('Nenhuma nota aguardando análise.')).toBeInTheDocument();
  });

  it("shows the server's error with a way to try again", async () => {
    let fail = true;
    fakeApi({
      '/cms/dashboard/get-all': () => (fail ? [500, { msg: 'Banco de dados indisponível.' }] : [200, dashboard]),
      '/cms/professionals/invoices/get-all': page([]),
    });
    renderPage('/cms/dashboard', ['/cms/dashboard'], <CmsDashboardPage />);
    expect(await screen.findByText('Banco de dados indisponível.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Tentar novamente/ }));
    expect(await screen.findByTestId('chart-points')).toBeInTheDocument();
  });

  it('downloads a report of the dashboard in the format chosen, under the name the server gives', async () => {
    const saved: string[] = [];
    const createObjectURL = jest.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const sent = fakeApi({
      '/cms/dashboard/get-all': [200, dashboard],
      '/cms/professionals/invoices/get-all': page([]),
      '/cms/dashboard/get-data-to-export': [200, new Blob(['Data de emissão;Número\r\n'])],
    });
    renderPage('/cms/dashboard', ['/cms/dashboard'], <CmsDashboardPage />);
    const specifications = await screen.findByRole('group', { name: 'Especificações' });
    await userEvent.click(within(specifications).getByRole('button', { name: 'Exportar XLSX' }));
    await waitFor(() => expect(saved).toEqual(['specifications.xlsx']));
    expect(sent.find((call) => call.url === '/cms/dashboard/get-data-to-export')?.params).toEqual({
      key: 'specifications',
      format: 'xlsx',
    });
    click.mockRestore();
  });
});
