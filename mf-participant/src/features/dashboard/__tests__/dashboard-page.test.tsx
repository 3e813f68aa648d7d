import { api } from '@especifica/mf-shared';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { partSelector } from '@especifica/mf-shared/ui';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rulesAnswer } from '../../../app/test-rules';
import { signIn } from '../../../app/test-session';
import { dashboardParts } from '../components/dashboard.parts';
import { DashboardPage } from '../components/dashboard-page';

const page = (items: unknown[], total = items.length) =>
  [200, { items, total, page: 1, limit: 5 }] as [number, unknown];
const dashboard = {
  name: 'Ana Arquiteta',
  totalPoints: 1200,
  level: {
    level: 'Prata',
    name: 'Prata',
    points: 1200,
    sublevel: 1,
    rank: 1,
    nextLevel: 'Ouro',
    pointsToNextLevel: 800,
    progress: 32,
  },
};
const extract = {
  items: [],
  total: 0,
  page: 1,
  limit: 5,
  balance: 1200,
  earnedInCycle: 0,
  expiring: { days: 90, points: 0, lots: [] },
};
const campaign = (id: string, name: string, points: number, endsAt: string) => ({ id, name, points, endsAt });
const pendingInvoice = (changes: { points: number }) => ({
  id: 'i1',
  number: '4521',
  store: { id: 's1', name: 'Casa Moderna' },
  bonusPoints: 0,
  createdAt: '2026-11-20T13:00:00.000Z',
  ...changes,
});
const experienceTile = (changes: { points: number; open?: boolean }) => ({
  id: 'e1',
  name: 'Visita técnica',
  happensAt: '2026-12-10T13:00:00.000Z',
  place: 'Fábrica',
  eligible: true,
  subscribed: false,
  seatsLeft: 3,
  ...changes,
});

const routes = (open: [number, unknown]) => ({
  '/professionals/get-dashboard-data': [200, dashboard] as [number, unknown],
  '/professionals/extract/get-all': [200, extract] as [number, unknown],
  '/professionals/invoices/get-all': page([]),
  '/professionals/experiences/get-all': page([]),
  '/professionals/points-extra/open': open,
  '/professionals/notifications/get-all-notifications': [200, { ...notices([]), unread: 0 }] as [number, unknown],
});
const notices = (items: unknown[]) => ({ items, total: items.length, unread: items.length, page: 1, limit: 100 });
const approved = {
  id: 'n1',
  type: 'invoice-approved',
  title: 'Nota fiscal aprovada',
  message: 'A nota 4521 da Casa Moderna foi aprovada: +890 pontos.',
  data: { invoiceId: 'i1', points: 890 },
  read: false,
  createdAt: '2026-11-20T13:00:00.000Z',
};
const seenLevel = 'especifica:level-seen:professional:ana@especifica.dev';

jest.setTimeout(30_000);

describe('the dashboard', () => {
  beforeEach(() => signIn('professional'));

  it('lists the campaigns open to join with their points and end, and says they are taken by QR code', async () => {
    fakeApi(
      routes([
        200,
        {
          items: [
            campaign('c1', 'Semana do porcelanato', 150.5, '2026-12-05T02:59:59.000Z'),
            campaign('c2', 'Feira de Revestimentos', 300, '2026-12-20T15:00:00.000Z'),
          ],
          total: 7,
        },
      ]),
    );
    renderPage('/dashboard', ['/dashboard'], <DashboardPage />);
    const panel = (await screen.findByRole('heading', { name: 'Campanhas abertas para participar' })).closest(
      partSelector(dashboardParts, 'panel'),
    ) as HTMLElement;
    const cards = within(panel).getAllByTestId('dashboard-campaign');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Semana do porcelanato');
    expect(cards[0]).toHaveTextContent('+150,5 Pts');
    expect(cards[0]).toHaveTextContent('Até 04/12/2026');
    expect(cards[1]).toHaveTextContent('Até 20/12/2026');
    expect(panel).toHaveTextContent('Para participar, leia o QR code da campanha com a câmera do celular.');
    expect(panel).toHaveTextContent('E mais 5 campanhas abertas.');
  });

  it('says when no campaign is open, and shows the error of the campaigns alone', async () => {
    fakeApi(routes(page([])));
    renderPage('/dashboard', ['/dashboard'], <DashboardPage />);
    expect(await screen.findByText('Nenhuma campanha aberta para você agora.')).toBeInTheDocument();
    fakeApi(routes([500, { msg: 'Campanhas fora do ar.' }]));
    renderPage('/dashboard', ['/dashboard'], <DashboardPage />);
    expect(await screen.findByText('Campanhas fora do ar.')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-points')).toHaveTextContent('1.200');
  });

  it('opens from each figure, row and tile the list of what it shows, already filtered', async () => {
    const movement = {
      id: 'm1',
      kind: 'credit',
      reason: 'NF 4521 · Casa Moderna',
      points: 250,
      createdAt: '2026-11-20T13:00:00.000Z',
    };
    const invoice = pendingInvoice({ points: 250 });
    const experience = experienceTile({ points: 500 });
    fakeApi({
      ...routes(page([])),
      '/professionals/extract/get-all': [200, { ...extract, items: [movement], total: 1 }],
      '/professionals/invoices/get-all': page([invoice]),
      '/professionals/experiences/get-all': page([experience]),
    });
    renderPage('/dashboard', ['/dashboard'], <DashboardPage />);
    const link = async (testId: string) => (await screen.findByTestId(testId)).closest('a');
    expect(await link('dashboard-points')).toHaveAttribute('href', '/extract');
    expect(await link('dashboard-level')).toHaveAttribute('href', '/score');
    // The level's emblem by its rank (silver, the second level's), hidden from readers: the level's name is the figure.
    const emblem = screen.getByTestId('dashboard-level').querySelector('svg');
    expect(emblem).toHaveAttribute('data-material', 'silver');
    expect(emblem).toHaveAttribute('aria-hidden', 'true');
    // The API's figure, as /categories shows it; not one of the screen's own from the balance (1.200 of 2.000).
    expect(within(screen.getByTestId('dashboard-level')).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '32',
    );
    expect(await link('dashboard-movement')).toHaveAttribute('href', '/extract?kind=credit');
    expect(await link('dashboard-pending')).toHaveAttribute('href', '/invoices?status=pending');
    expect(await link('dashboard-experience')).toHaveAttribute('href', '/experiences/e1');
    const pendingRow = within(screen.getByTestId('dashboard-pending').parentElement as HTMLElement)
      .getAllByRole('link')
      .at(-1);
    expect(pendingRow).toHaveAttribute('href', '/invoices?status=pending&search=4521');
    await userEvent.click(screen.getByTestId('dashboard-pending'));
    expect(screen.getByTestId('where')).toHaveTextContent('/invoices?status=pending');
  });

  it('under "earns nothing, experiences open" shows no points to earn or spend, and says the rule', async () => {
    const invoice = pendingInvoice({ points: 0 });
    const experience = experienceTile({ points: 0, open: true });
    fakeApi({
      ...routes(page([campaign('c1', 'Feira', 150, '2026-12-20T02:59:59.000Z')])),
      '/professionals/get-dashboard-data': [200, { ...dashboard, totalPoints: 0 }],
      '/professionals/invoices/get-all': page([invoice]),
      '/professionals/experiences/get-all': page([experience]),
      '/professionals/rules': rulesAnswer({ earns: 'nothing', experiences: 'open', levels: false }),
    });
    renderPage('/dashboard', ['/dashboard'], <DashboardPage />);
    expect(await screen.findByTestId('rules-notice')).toHaveTextContent(
      'Pelas regras do programa para Arquiteto, suas especificações não acumulam pontos',
    );
    expect(screen.queryByTestId('dashboard-points')).toBeNull();
    expect(screen.queryByTestId('dashboard-level')).toBeNull();
    expect(screen.queryByText('Campanhas abertas para participar')).toBeNull();
    expect(screen.getByTestId('dashboard-pending')).toHaveTextContent('1 nota em análise.');
    // With no balance, the experience open to her is still within reach, without a price.
    expect(await screen.findByTestId('dashboard-experience')).toHaveTextContent('Aberta a você');
  });

  it("greets the person by the session's name while the data is still on its way", async () => {
    fakeApi(routes(page([])));
    const answer = api.adapter as Extract<typeof api.adapter, (...args: never[]) => unknown>;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The dashboard's own data waits until released; the rest answers at once.
    api.adapter = async (config) => {
      if (config.url === '/professionals/get-dashboard-data') await held;
      return answer(config);
    };
    renderPage('/dashboard', ['/dashboard'], <DashboardPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Ana Arquiteta!' })).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-points')).not.toBeInTheDocument();
    release();
    expect(await screen.findByTestId('dashboard-points')).toHaveTextContent('1.200');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Olá, Ana Arquiteta!');
  });

  describe('moments that celebrate', () => {
    beforeEach(() => localStorage.clear());

    it('opens on an approved invoice: what happened, the balance, the next steps; closing it reads the notice', async () => {
      const sent = fakeApi({
        ...routes(page([])),
        '/professionals/notifications/get-all-notifications': [200, notices([approved])],
        '/professionals/notifications/read-notification': [200, { msg: 'ok' }],
      });
      renderPage('/dashboard', ['/dashboard'], <DashboardPage />);
      const moment = await screen.findByTestId('celebration');
      expect(within(moment).getByRole('heading', { name: 'Nota fiscal aprovada' })).toBeInTheDocument();
      expect(moment).toHaveTextContent('A nota 4521 da Casa Moderna foi aprovada: +890 pontos.');
      expect(within(moment).getByTestId('celebration-balance')).toHaveTextContent('Seu saldo agora: 1.200 pontos');
      expect(within(moment).getByRole('link', { name: 'Ver no extrato' })).toHaveAttribute('href', '/extract');
      expect(moment.querySelector('svg')).toHaveAttribute('data-drawing', 'approved');
      await userEvent.click(within(moment).getByRole('button', { name: 'Fechar' }));
      expect(screen.queryByTestId('celebration')).toBeNull();
      expect(sent.find((call) => call.url?.endsWith('/read-notification'))?.body).toEqual({ id: 'n1' });
    });

    it('says a level reached since the last visit, with its emblem and the levels as the next step, once', async () => {
      localStorage.setItem(seenLevel, '0');
      fakeApi(routes(page([])));
      const { unmount } = renderPage('/dashboard', ['/dashboard'], <DashboardPage />);
      const moment = await screen.findByTestId('celebration');
      expect(within(moment).getByRole('heading', { name: 'Você chegou ao nível Prata' })).toBeInTheDocument();
      expect(within(moment).getByRole('link', { name: 'Ver os níveis' })).toHaveAttribute('href', '/categories');
      await userEvent.click(within(moment).getByRole('button', { name: 'Fechar' }));
      expect(localStorage.getItem(seenLevel)).toBe('1');
      unmount();
      renderPage('/dashboard', ['/dashboard'], <DashboardPage />);
      expect(await screen.findByTestId('dashboard-points')).toBeInTheDocument();
      expect(screen.queryByTestId('celebration')).toBeNull();
    });

    it('keeps the level of a first visit without a moment', async () => {
      fakeApi(routes(page([])));
      renderPage('/dashboard', ['/dashboard'], <DashboardPage />);
      expect(await screen.findByTestId('dashboard-points')).toBeInTheDocument();
      expect(screen.queryByTestId('celebration')).toBeNull();
      expect(localStorage.getItem(seenLevel)).toBe('1');
    });
  });
});
