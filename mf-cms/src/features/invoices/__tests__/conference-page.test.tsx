import type { Invoice } from '@especifica/mf-shared/contracts';
import { fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConferencePage } from '../components/conference-page';

const sampled: Invoice = {
  id: 'n9',
  number: '4321',
  series: '1',
  accessKey: null,
  issuedOn: '2026-11-02',
  total: 800,
  status: 'approved',
  reason: null,
  points: 800,
  bonusPoints: 0,
  store: { id: '0b6f6c1e-4a57-4c0e-9a55-3f7f2f7d1a01', name: 'Casa & Cia Centro', cnpj: '11222333000181' },
  professional: { id: 'p1', name: 'Beatriz Carvalho' },
  shopkeeper: null,
  customer: null,
  hasFile: true,
  submittedBy: 'professional',
  reviewedAt: '2026-11-04T12:00:00Z',
  createdAt: '2026-11-03T12:00:00Z',
  conference: 'pending',
  automaticReview: { outcome: 'approved', at: '2026-11-04T12:00:00Z', rule: null, label: null, message: null },
  lines: [{ sku: 'PORC-01', description: 'Porcelanato 60x60', quantity: 1, total: 800, participating: true }],
};

describe('the conferência of automatic approvals', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);

  it('lists those still to check and confirms one, toasting the server sentence', async () => {
    const sent = fakeApi({
      '/cms/professionals/invoices/conference/get-all': [200, { items: [sampled], total: 1, page: 1, limit: 25 }],
      '/cms/professionals/invoices/conference/confirm': [
        200,
        { msg: 'Aprovação automática conferida.', item: { ...sampled, conference: 'confirmed' } },
      ],
    });
    renderPage('/invoices/conference', ['/invoices/conference'], <ConferencePage />);
    const row = (await screen.findByText('4321')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('A conferir');
    expect(sent.find((c) => c.url === '/cms/professionals/invoices/conference/get-all')?.params).toMatchObject({
      state: 'pending',
    });
    await userEvent.click(within(row).getByRole('button', { name: 'Confirmar a aprovação automática da nota 4321' }));
    await waitFor(() =>
      expect(sent.find((c) => c.url === '/cms/professionals/invoices/conference/confirm')?.body).toEqual({ id: 'n9' }),
    );
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Aprovação automática conferida.'),
    );
  });
});
