import { useLocation } from '@especifica/mf-shared/router';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../../app/test-session';
import { ExtractPage } from '../components/extract-page';

const movement = (id: string, kind: string, points: number, reason: string, extra: object = {}) => ({
  id,
  kind,
  points,
  reason,
  sourceType: 'test',
  sourceId: id,
  createdAt: '2026-10-05T15:00:00Z',
  ...extra,
});

const extract = (items: unknown[]) => ({
  items,
  total: items.length,
  page: 1,
  limit: 25,
  balance: 5230.5,
  earnedInCycle: 6000,
  expiring: { days: 90, points: 120, lots: [{ expiresAt: '2026-12-20T12:00:00Z', points: 120 }] },
});
const totals = { earned: 1500, redeemed: 300, expired: 120, reversed: 0, net: 1080, movements: 3 };

jest.setTimeout(20_000);

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

const ExtractWithAddress = () => (
  <>
    <ExtractPage />
    <Address />
  </>
);

describe('the extract page', () => {
  beforeEach(() => signIn('professional'));

  it('lists every movement with its kind and signed points, the period totals and what expires in 90 days', async () => {
    fakeApi({
      '/professionals/extract/get-all': [
        200,
        extract([
          movement('m1', 'credit', 1500, 'Nota fiscal 123', { sourceType: 'invoice', sourceId: 'inv-1' }),
          movement('m2', 'redemption', -300, 'Inscrição: Workshop'),
        ]),
      ],
      '/professionals/extract/totals': [200, totals],
    });
    renderPage('/extract', ['/extract'], <ExtractPage />);
    expect(await screen.findByText('Nota fiscal 123')).toBeInTheDocument();
    expect(screen.getByText('+1.500')).toBeInTheDocument();
    expect(screen.getByText('-300')).toBeInTheDocument();
    expect(screen.getAllByText('Resgate').length).toBeGreaterThan(0);
    const sums = await screen.findByTestId('extract-totals');
    expect(within(sums).getByText('+1.080')).toBeInTheDocument();
    // The period's earnings and the cycle's say which they are, as they differ.
    expect(sums).toHaveTextContent('Ganhos no período');
    expect(screen.getByTestId('extract-balance')).toHaveTextContent('Ganhos no ciclo (o ano civil): 6.000 pontos');
    expect(screen.getByTestId('extract-expiring')).toHaveTextContent('120 pontos em 20/12/2026');
  });

  it('draws the balance and the expiring box with their titles before the extract arrives, figures blank', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const pending = new Promise<[number, unknown]>((resolve) => {
      answer = resolve;
    });
    fakeApi({
      '/professionals/extract/get-all': () => pending,
      '/professionals/extract/totals': [200, totals],
    });
    renderPage('/extract', ['/extract'], <ExtractPage />);
    const expiring = await screen.findByTestId('extract-expiring');
    expect(expiring).toHaveTextContent('Pontos a vencer nos próximos 90 dias');
    expect(expiring).not.toHaveTextContent('pontos em');
    expect(screen.getByTestId('extract-balance')).toHaveTextContent('Saldo disponível');
    expect(screen.getByTestId('extract-balance')).not.toHaveTextContent('5.230');
    answer([200, extract([movement('m1', 'credit', 1500, 'Nota fiscal 123')])]);
    await waitFor(() => expect(screen.getByTestId('extract-balance')).toHaveTextContent('5.230,5 Pts'));
    expect(screen.getByTestId('extract-expiring')).toHaveTextContent('120 pontos em 20/12/2026');
  });

  it('keeps the kind and period filters in the URL and sends them to the page, the totals and the download', async () => {
    const sent = fakeApi({
      '/professionals/extract/get-all': [200, extract([movement('m1', 'bonus', 10, 'Bônus')])],
      '/professionals/extract/totals': [200, totals],
      // Only the request is read here; the file itself is the journeys' business.
      '/professionals/extract/export': [503, { msg: 'Indisponível' }],
    });
    renderPage('/extract?kind=bonus&from=2026-01-01', ['/extract'], <ExtractPage />);
    await screen.findByText('Bônus', { selector: 'p' });
    const page = sent.find((call) => call.url === '/professionals/extract/get-all');
    expect(page?.params).toMatchObject({ kind: 'bonus', from: '2026-01-01' });
    const sum = sent.find((call) => call.url === '/professionals/extract/totals');
    expect(sum?.params).toEqual({ kind: 'bonus', from: '2026-01-01', to: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Baixar extrato (CSV)' }));
    await waitFor(() =>
      expect(sent.find((call) => call.url === '/professionals/extract/export')?.params).toEqual({
        kind: 'bonus',
        from: '2026-01-01',
        to: undefined,
      }),
    );
    expect(screen.getByLabelText('Tipo')).toHaveValue('bonus');
    expect(screen.getByLabelText('De')).toHaveValue('2026-01-01');
    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'expiry');
    await waitFor(() =>
      expect(sent.some((call) => call.url === '/professionals/extract/get-all' && call.params?.kind === 'expiry')).toBe(
        true,
      ),
    );
  });

  it('keeps the period’s days in the URL, folded with the kind behind "Filtros" on a narrow screen', async () => {
    const wide = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('max-width: 767px') });
    try {
      const sent = fakeApi({
        '/professionals/extract/get-all': [200, extract([movement('m1', 'bonus', 10, 'Bônus')])],
        '/professionals/extract/totals': [200, totals],
      });
      renderPage('/extract?kind=bonus', ['/extract'], <ExtractWithAddress />);
      await screen.findByText('Bônus', { selector: 'p' });
      const toggle = screen.getByRole('button', { name: 'Filtros 1 em uso' });
      expect(screen.getByLabelText('De')).not.toBeVisible();
      expect(screen.getByLabelText('Até')).not.toBeVisible();
      await userEvent.click(toggle);
      fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-03-01' } });
      fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-03-31' } });
      await waitFor(() =>
        expect(new URLSearchParams(screen.getByTestId('address').textContent ?? '')).toEqual(
          new URLSearchParams('kind=bonus&from=2026-03-01&to=2026-03-31'),
        ),
      );
      expect(screen.getByRole('button', { name: 'Filtros 3 em uso' })).toBeInTheDocument();
      const wanted = { kind: 'bonus', from: '2026-03-01', to: '2026-03-31' };
      await waitFor(() =>
        expect(sent.filter((call) => call.url === '/professionals/extract/get-all').pop()?.params).toMatchObject(
          wanted,
        ),
      );
      expect(sent.filter((call) => call.url === '/professionals/extract/totals').pop()?.params).toEqual(wanted);
      // Each end bounds the other: an end before the start is refused and the URL keeps the day it had.
      expect(screen.getByLabelText('Até')).toHaveAttribute('min', '2026-03-01');
      fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-02-01' } });
      expect(await screen.findByRole('alert')).toHaveTextContent('01/03/2026');
      expect(screen.getByTestId('address')).toHaveTextContent('to=2026-03-31');
    } finally {
      window.matchMedia = wide;
    }
  });

  it('shows how an invoice credit was computed, from the invoice’s own timeline', async () => {
    fakeApi({
      '/professionals/extract/get-all': [
        200,
        extract([movement('m1', 'credit', 1250.5, 'Nota fiscal 77', { sourceType: 'invoice', sourceId: 'inv-77' })]),
      ],
      '/professionals/extract/totals': [200, totals],
      '/professionals/invoices/inv-77/timeline': [
        200,
        {
          id: 'inv-77',
          number: '77',
          store: 'Casa Moderna',
          events: [],
          computation: { participatingTotal: 1250.5, pointsPerReal: 1, points: 1250.5, bonusPoints: 250 },
        },
      ],
    });
    renderPage('/extract', ['/extract'], <ExtractPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Como foi calculado' }));
    const computation = await screen.findByTestId('extract-computation', {}, { timeout: 5000 });
    await waitFor(
      () => expect(computation).toHaveTextContent('R$ 1.250,50 em produtos participantes × 1 (pontos por R$ 1,00)'),
      {
        timeout: 5000,
      },
    );
    expect(computation).toHaveTextContent('+ 250 pontos de bônus de aceleradores');
    expect(computation).toHaveTextContent('Loja: Casa Moderna');
  });

  it('gives a shopkeeper’s share of a sale no invoice computation, which is the professional’s', async () => {
    signIn('shopkeeper', 'seller');
    fakeApi({
      '/professionals/extract/get-all': [
        200,
        extract([
          movement('m1', 'credit', 25, 'Nota fiscal 77: participação na venda', {
            sourceType: 'invoice',
            sourceId: 'inv-77',
          }),
        ]),
      ],
      '/professionals/extract/totals': [200, totals],
    });
    renderPage('/extract', ['/extract'], <ExtractPage />);
    expect(await screen.findByText('Nota fiscal 77: participação na venda')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Como foi calculado' })).toBeNull();
  });

  it('says so when there is nothing yet, and offers to clear filters that found nothing', async () => {
    fakeApi({
      '/professionals/extract/get-all': [200, extract([])],
      '/professionals/extract/totals': [200, { ...totals, earned: 0, net: 0, movements: 0 }],
    });
    renderPage('/extract?kind=expiry', ['/extract'], <ExtractPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByText('Você ainda não tem movimentações.')).toBeInTheDocument();
  });

  it('shows the server’s msg with a retry when the extract fails', async () => {
    fakeApi({
      '/professionals/extract/get-all': [500, { msg: 'Falha ao ler o extrato.' }],
      '/professionals/extract/totals': [200, totals],
    });
    renderPage('/extract', ['/extract'], <ExtractPage />);
    expect(await screen.findByText('Falha ao ler o extrato.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
