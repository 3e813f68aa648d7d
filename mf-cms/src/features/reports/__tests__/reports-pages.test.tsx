import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExportSpecificationsPage, ExportStoreUsersPage } from '../components/export-pages';
import { SellersRankingPage, StoresRankingPage } from '../components/ranking-page';

const ranking = (items: unknown[]) =>
  [
    200,
    { items, total: items.length, page: 1, limit: 25, period: { from: '2026-01-01', to: '2026-12-31' }, me: null },
  ] as [number, unknown];
const entry = (position: number, name: string, points: number, detail: string | null) => ({
  position,
  id: `id-${position}`,
  name,
  points,
  reachedAt: '2026-03-10T15:00:00Z',
  detail,
});
const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];

// Each test downloads or types into filters: slow in jsdom.
jest.setTimeout(20_000);

describe('the rankings', () => {
  it('lists the stores in order with their CNPJ and points', async () => {
    fakeApi({
      '/cms/stores/get-stores-ranking': ranking([
        entry(1, 'Casa Moderna', 1500.5, '12ABC34501DE35'),
        entry(2, 'Lar & Obra', 300, '11222333000181'),
      ]),
    });
    renderPage('/cms/reports/store-ranking', ['/cms/reports/store-ranking'], <StoresRankingPage />);
    const first = (await screen.findByText('Casa Moderna')).closest('tr') as HTMLElement;
    expect(first).toHaveTextContent(/1º.*Casa Moderna.*12ABC34501DE35.*1\.500,5/);
    expect(screen.getByRole('columnheader', { name: 'CNPJ' })).toBeInTheDocument();
  });

  it('sends the cycle or the period from the URL, and refuses an end before the start in pt-BR', async () => {
    const sent = fakeApi({ '/admin/dashboard/store-sellers': ranking([]) });
    renderPage('/cms/reports/seller-ranking?from=2026-03-01', ['/cms/reports/seller-ranking'], <SellersRankingPage />);
    expect(await screen.findByText('Tente outra busca ou limpe os filtros.')).toBeInTheDocument();
    expect(sent.find((call) => call.url === '/admin/dashboard/store-sellers')?.params).toMatchObject({
      from: '2026-03-01',
    });
    const to = screen.getByLabelText('Até');
    await userEvent.type(to, '2026-02-10');
    expect(await screen.findByRole('alert')).toHaveTextContent('Escolha uma data a partir de 01/03/2026.');
    expect(sent.some((call) => call.params?.to === '2026-02-10')).toBe(false);
    await userEvent.selectOptions(screen.getByLabelText('Ciclo'), String(new Date().getFullYear() - 1));
    await waitFor(() =>
      expect(sent.at(-1)?.params).toMatchObject({ year: new Date().getFullYear() - 1, from: '2026-03-01' }),
    );
  });

  it("shows the server's error", async () => {
    fakeApi({ '/cms/stores/get-stores-ranking': [500, { msg: 'Não foi possível calcular o ranking.' }] });
    renderPage('/cms/reports/store-ranking', ['/cms/reports/store-ranking'], <StoresRankingPage />);
    expect(await screen.findByText('Não foi possível calcular o ranking.')).toBeInTheDocument();
  });
});

describe('the exports', () => {
  const saved: string[] = [];
  beforeAll(() => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterAll(() => jest.restoreAllMocks());

  it('downloads every specification of the filters chosen, never a page of them', async () => {
    const spec = {
      id: 's1',
      issuedOn: '2026-03-02',
      number: '4321',
      series: '1',
      status: 'approved',
      total: 980,
      points: 980,
      bonusPoints: 0,
      professional: { id: 'p1', name: 'Ana Arquiteta', email: 'ana@especifica.dev' },
      store: { id: 'st1', name: 'Casa Moderna', cnpj: '12ABC34501DE35' },
      createdAt: '2026-03-02T15:00:00Z',
    };
    fakeApi({ '/cms/dashboard/get-specifications': page([spec]) });
    renderPage(
      '/cms/reports/export-specifications?status=approved&from=2026-03-01&limit=50',
      ['/cms/reports/export-specifications'],
      <ExportSpecificationsPage />,
    );
    expect(await screen.findByText('Ana Arquiteta')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Aprovada' })).toBeInTheDocument();
    const downloads = fakeApi({ '/cms/dashboard/get-specifications?format=xlsx': [200, new Blob(['PK'])] });
    await userEvent.click(screen.getByRole('button', { name: 'Exportar XLSX' }));
    await waitFor(() => expect(saved).toContain('especificacoes.xlsx'));
    const params = downloads.find((call) => call.url === '/cms/dashboard/get-specifications?format=xlsx')?.params;
    expect(params).toMatchObject({ status: 'approved', from: '2026-03-01' });
    expect(params).not.toHaveProperty('page');
    expect(params).not.toHaveProperty('limit');
  });

  it('lists the store users and says so when there are none', async () => {
    fakeApi({ '/cms/stores/get-all-stores-users': page([]) });
    renderPage('/cms/reports/export-store-users', ['/cms/reports/export-store-users'], <ExportStoreUsersPage />);
    expect(await screen.findByText('Nenhum usuário de loja cadastrado ainda.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Exportar CSV' });
    expect(within(button.parentElement as HTMLElement).getByRole('button', { name: 'Exportar XLSX' })).toBeEnabled();
  });
});
