import type { Invoice } from '@especifica/mf-shared/contracts';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, within } from '@testing-library/react';
import { signIn } from '../../../app/test-session';
import { StoreSalesPage } from '../components/store-sales-page';

const sale = (id: string, number: string, changes: Partial<Invoice> = {}): Invoice => ({
  id,
  number,
  series: '1',
  accessKey: null,
  issuedOn: '2026-05-01',
  total: 3000,
  status: 'approved',
  reason: null,
  points: 3000,
  bonusPoints: 0,
  store: { id: 's1', name: 'Casa & Acabamento Demo', cnpj: '11222333000181' },
  professional: { id: 'p1', name: 'Ana Arquiteta' },
  shopkeeper: { id: 'k1', name: 'Sérgio Vendedor' },
  customer: null,
  hasFile: true,
  submittedBy: 'shopkeeper',
  reviewedAt: null,
  createdAt: '2026-05-02T12:00:00Z',
  lines: [],
  sellerPoints: 300,
  ...changes,
});

describe("the manager's store sales screen", () => {
  it('lists every seller’s sales with the professional, the seller and the points the sale gave the seller', async () => {
    signIn('shopkeeper', 'manager');
    const sent = fakeApi({
      '/shopkeeper/store-sales/get-all': [
        200,
        {
          items: [
            sale('i1', '1001', { sellerPoints: 1234.5 }),
            sale('i2', '1002', {
              status: 'pending',
              professional: { id: 'p2', name: 'Eduardo Engenheiro' },
              shopkeeper: { id: 'k2', name: 'Mônica Gerente' },
              sellerPoints: 0,
            }),
          ],
          total: 2,
          page: 1,
          limit: 25,
        },
      ],
    });
    renderPage('/store-sales', ['/store-sales'], <StoreSalesPage />);
    const table = await screen.findByRole('table', { name: 'Vendas' });
    const approved = within(table).getByText('NF 1001').closest('tr') as HTMLElement;
    expect(approved).toHaveTextContent('Ana Arquiteta');
    expect(approved).toHaveTextContent('Sérgio Vendedor');
    expect(approved).toHaveTextContent('1.234,5');
    const pending = within(table).getByText('NF 1002').closest('tr') as HTMLElement;
    expect(pending).toHaveTextContent('Eduardo Engenheiro');
    expect(pending).toHaveTextContent('Mônica Gerente');
    expect(within(table).getByRole('columnheader', { name: /Pontos do vendedor/ })).toBeInTheDocument();
    expect(sent.some((call) => call.url === '/shopkeeper/store-sales/get-all')).toBe(true);
  });

  it('sends a seller, who reads their own sales at /invoices, to the overview', async () => {
    signIn('shopkeeper', 'seller');
    const sent = fakeApi({});
    renderPage('/store-sales', ['/store-sales', '/dashboard'], <StoreSalesPage />);
    expect(sent).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Vendas da loja' })).toBeNull();
  });
});
