import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HistoryPage } from '../components/history-page';

const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];
const movement = {
  id: 'g1',
  campaign: { id: 'c1', name: 'Feira de Design' },
  participant: { kind: 'professional', id: 'p1', name: 'Ana Arquiteta', email: 'ana@especifica.dev' },
  store: null,
  points: 150.5,
  status: 'removed',
  via: 'qrcode',
  reason: 'removido pela administração',
  createdAt: '2026-11-02T15:00:00Z',
  removedAt: '2026-11-03T15:00:00Z',
};
const render = (url = '/cms/professionals/extra-points-history') =>
  renderPage(url, ['/cms/professionals/extra-points-history'], <HistoryPage audience="professional" />);

describe('the extra points history screen', () => {
  it('lists each movement with its campaign, person, points, origin and situation', async () => {
    const sent = fakeApi({
      '/cms/points-extra/get-all': page([{ id: 'c1', name: 'Feira de Design' }]),
      '/cms/points-extra/get-extract': page([movement]),
    });
    render();
    const row = (await screen.findByText('Ana Arquiteta')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Feira de Design');
    expect(row).toHaveTextContent('−150,5');
    expect(row).toHaveTextContent('QR code');
    expect(row).toHaveTextContent('Removido');
    expect(sent.find((call) => call.url === '/cms/points-extra/get-extract')?.params).toMatchObject({
      type: 'professional',
    });
  });

  it('filters by campaign and period in the URL, and sends the filters to the server', async () => {
    const sent = fakeApi({
      '/cms/points-extra/get-all': page([{ id: '00000000-0000-4000-8000-000000000001', name: 'Feira de Design' }]),
      '/cms/points-extra/get-extract': page([movement]),
    });
    render('/cms/professionals/extra-points-history?from=2026-11-01');
    await screen.findByText('Ana Arquiteta');
    expect(screen.getByLabelText('De')).toHaveValue('2026-11-01');
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(sent.filter((call) => call.url === '/cms/points-extra/get-extract').at(-1)?.params).toMatchObject({
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    );
    await userEvent.selectOptions(await screen.findByLabelText('Campanha'), 'Feira de Design');
    await waitFor(() =>
      expect(sent.filter((call) => call.url === '/cms/points-extra/get-extract').at(-1)?.params).toMatchObject({
        campaignId: '00000000-0000-4000-8000-000000000001',
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    );
  });

  it('says there is nothing yet, or shows the error with a retry', async () => {
    fakeApi({ '/cms/points-extra/get-all': page([]), '/cms/points-extra/get-extract': page([]) });
    render();
    expect(await screen.findByText('Nenhum ponto extra concedido ainda.')).toBeInTheDocument();
    fakeApi({
      '/cms/points-extra/get-all': page([]),
      '/cms/points-extra/get-extract': [500, { msg: 'Não deu.' }],
    });
    render();
    expect(within(await screen.findByTestId('error-state')).getByText('Não deu.')).toBeInTheDocument();
  });

  it('exports the history as filtered, without the page, through the export button', async () => {
    const sent = fakeApi({
      '/cms/points-extra/get-all': page([]),
      '/cms/points-extra/get-extract': page([movement]),
      '/cms/points-extra/get-extract?format=csv': [200, new Blob(['Data;Campanha'])],
    });
    const created = jest.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    // jsdom does not download: the link's click is where a browser would save the file.
    const saved = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render('/cms/professionals/extra-points-history?status=removed&page=2');
    await screen.findByText('Ana Arquiteta');
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    saved.mockRestore();
    const call = sent.find((one) => one.url === '/cms/points-extra/get-extract?format=csv');
    expect(call?.params).toMatchObject({ type: 'professional', status: 'removed' });
    expect(call?.params).not.toHaveProperty('page');
    expect(call?.params).not.toHaveProperty('limit');
  });
});
