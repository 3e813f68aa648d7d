import type { DataRequest } from '@especifica/mf-shared/contracts';
import { fakeApi, openDrawer, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataRequestsPage } from '../components/data-requests-page';

const open: DataRequest = {
  id: '5b0a9c1e-3f3a-4b8e-9a7e-1d2c3b4a5f60',
  state: 'received',
  createdAt: '2026-03-01T13:00:00.000Z',
  deadline: '2026-03-16T13:00:00.000Z',
  refusalReason: null,
  subjectKind: 'professional',
  subjectId: 'p1',
  name: 'Eduardo Engenheiro',
  email: 'eduardo@especifica.dev',
  handledBy: null,
  handledAt: null,
  late: true,
};
const done: DataRequest = {
  ...open,
  id: '5b0a9c1e-3f3a-4b8e-9a7e-1d2c3b4a5f61',
  state: 'done',
  name: 'Titular removido',
  email: null,
  handledBy: 'Administradora Demo',
  handledAt: '2026-03-02T13:00:00.000Z',
  late: false,
};
const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 20 }] as [number, unknown];
const URL = '/cms/programme/data-requests';

describe('Programa > Solicitações de titulares', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('lists each request with its deadline, state and who answered; only a received one can be answered', async () => {
    fakeApi({ '/cms/privacy/requests/get-all': page([open, done]) });
    renderPage(URL, [URL], <DataRequestsPage />);
    const eduardo = (await screen.findByText('Eduardo Engenheiro')).closest('tr') as HTMLElement;
    expect(within(eduardo).getByText('Prazo vencido em 16/03/2026')).toBeInTheDocument();
    expect(within(eduardo).getByText('Recebido')).toBeInTheDocument();
    const removed = screen.getByText('Titular removido').closest('tr') as HTMLElement;
    expect(within(removed).getByText('Concluído')).toBeInTheDocument();
    expect(within(removed).getByText('Administradora Demo · 02/03/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Concluir o pedido de Eduardo Engenheiro' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Concluir o pedido de Titular removido' })).toBeNull();
  });

  it('completes after a confirmation, and refuses with a reason the API checks', async () => {
    const sent = fakeApi({
      '/cms/privacy/requests/get-all': page([open]),
      'POST /cms/privacy/requests/complete': [200, { msg: 'Exclusão iniciada.' }],
      'POST /cms/privacy/requests/refuse': (body) =>
        (body as { reason: string }).reason.includes('disputa')
          ? [200, { msg: 'Pedido recusado.' }]
          : [400, { msg: 'x', code: 'validation', data: [{ field: 'reason', message: 'Motivo fraco.' }] }],
    });
    renderPage(URL, [URL], <DataRequestsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Concluir o pedido de Eduardo Engenheiro' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Isso não pode ser desfeito.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(toasts.shown.map((toast) => toast.message)).toContain('Exclusão iniciada.'));
    expect(sent.find((call) => call.url === '/cms/privacy/requests/complete')?.body).toEqual({ id: open.id });

    const drawer = await openDrawer('Recusar o pedido de Eduardo Engenheiro', 'Recusar o pedido de Eduardo Engenheiro');
    const reason = within(drawer).getByLabelText('Motivo (o titular lê este texto)');
    await userEvent.type(reason, 'Curto.');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Recusar' }));
    expect(await within(drawer).findByText('Escreva o motivo da recusa (de 10 a 500 caracteres).')).toBeInTheDocument();
    await userEvent.clear(reason);
    await userEvent.type(reason, 'Há uma nota em disputa com a loja.');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Recusar' }));
    await waitFor(() => expect(toasts.shown.map((toast) => toast.message)).toContain('Pedido recusado.'));
  });

  it('shows every step of a request from the audit log', async () => {
    const sent = fakeApi({
      '/cms/privacy/requests/get-all': page([done]),
      '/cms/audit/get-all': page([
        {
          id: 'a1',
          actorName: 'Eduardo Engenheiro',
          actorKind: 'professional',
          action: 'request-deletion',
          entity: 'data-request',
          entityId: done.id,
          before: null,
          after: null,
          createdAt: '2026-03-01T13:00:00.000Z',
        },
        {
          id: 'a2',
          actorName: 'Administradora Demo',
          actorKind: 'admin',
          action: 'complete',
          entity: 'data-request',
          entityId: done.id,
          before: null,
          after: null,
          createdAt: '2026-03-02T13:00:00.000Z',
        },
        {
          id: 'a3',
          actorName: 'Sistema',
          actorKind: null,
          action: 'anonymise',
          entity: 'data-request',
          entityId: done.id,
          before: null,
          after: null,
          createdAt: '2026-03-02T13:00:05.000Z',
        },
      ]),
    });
    renderPage(URL, [URL], <DataRequestsPage />);
    await screen.findByRole('button', { name: 'Histórico do pedido de Titular removido' });
    const drawer = await openDrawer(
      'Histórico do pedido de Titular removido',
      'Histórico do pedido de Titular removido',
    );
    const steps = await within(drawer).findAllByTestId('data-request-step');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Pedido recebidoEduardo Engenheiro · 01/03/2026, 10:00',
      'Exclusão iniciadaAdministradora Demo · 02/03/2026, 10:00',
      'Titular anonimizadoSistema · 02/03/2026, 10:00',
    ]);
    expect(sent.find((call) => call.url === '/cms/audit/get-all')?.params).toMatchObject({
      entity: 'data-request',
      entityId: done.id,
    });
  });
});
