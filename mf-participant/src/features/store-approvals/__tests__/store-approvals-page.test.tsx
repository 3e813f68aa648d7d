import type { StoreUser } from '@especifica/mf-shared/contracts';
import { fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../../app/test-session';
import { StoreApprovalsPage } from '../components/store-approvals-page';

const pending = (id: string, name: string): StoreUser => ({
  id,
  name,
  email: `${id}@loja.dev`,
  cpf: '52998224725',
  cellphone: '11912345678',
  shopkeeperType: 'seller',
  approval: 'pending',
  active: true,
  storeId: 's1',
  storeName: 'Casa & Acabamento Demo',
  storeCnpj: '11222333000181',
  points: 0,
  createdAt: '2026-05-01T12:00:00Z',
});
const page = (items: StoreUser[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];

jest.setTimeout(20_000);

describe("the manager's sign-up approvals screen", () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
    signIn('shopkeeper', 'manager');
  });

  it('approves and refuses pending sign-ups, each only after a confirmation, with the success toast', async () => {
    const waiting = [pending('p1', 'Paula Pendente'), pending('p2', 'Pedro Pendente')];
    const sent = fakeApi({
      '/shopkeeper/store-users/pending': () => page([...waiting]),
      '/shopkeeper/store-users/approve': (body) => {
        const { id, approval } = body as { id: string; approval: 'approved' | 'refused' };
        waiting.splice(
          waiting.findIndex((user) => user.id === id),
          1,
        );
        return [
          200,
          { msg: approval === 'approved' ? 'Cadastro aprovado com sucesso!' : 'Cadastro recusado.', item: {} },
        ];
      },
    });
    renderPage('/store-approvals', ['/store-approvals'], <StoreApprovalsPage />);
    const row = (await screen.findByText('Paula Pendente')).closest('tr') as HTMLElement;
    expect(within(row).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(row).getByText('01/05/2026')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Aprovar o cadastro de Paula Pendente' }));
    const approveDialog = await screen.findByRole('alertdialog');
    expect(approveDialog).toHaveTextContent('Paula Pendente poderá registrar vendas');
    expect(sent.filter((call) => call.url === '/shopkeeper/store-users/approve')).toHaveLength(0);
    await userEvent.click(within(approveDialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Cadastro aprovado com sucesso!'));
    await waitFor(() => expect(screen.queryByText('Paula Pendente')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Recusar o cadastro de Pedro Pendente' }));
    const refuseDialog = await screen.findByRole('alertdialog');
    expect(refuseDialog).toHaveTextContent('A conta de Pedro Pendente será encerrada');
    await userEvent.click(within(refuseDialog).getByRole('button', { name: 'Recusar' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Cadastro recusado.'));
    expect(await screen.findByText('Nenhum cadastro aguardando aprovação.')).toBeInTheDocument();
    expect(sent.filter((call) => call.url === '/shopkeeper/store-users/approve').map((call) => call.body)).toEqual([
      { id: 'p1', approval: 'approved' },
      { id: 'p2', approval: 'refused' },
    ]);
  });

  it('sends nothing when the manager cancels the confirmation', async () => {
    const sent = fakeApi({ '/shopkeeper/store-users/pending': page([pending('p1', 'Paula Pendente')]) });
    renderPage('/store-approvals', ['/store-approvals'], <StoreApprovalsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Recusar o cadastro de Paula Pendente' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent.filter((call) => call.url === '/shopkeeper/store-users/approve')).toHaveLength(0);
    expect(screen.getByText('Paula Pendente')).toBeInTheDocument();
  });

  it("shows the empty state's sentence when nobody is waiting", async () => {
    fakeApi({ '/shopkeeper/store-users/pending': page([]) });
    renderPage('/store-approvals', ['/store-approvals'], <StoreApprovalsPage />);
    expect(await screen.findByText('Nenhum cadastro aguardando aprovação.')).toBeInTheDocument();
    expect(screen.getByText('Quando um vendedor se cadastrar na sua loja, ele aparece aqui.')).toBeInTheDocument();
  });

  it("shows the server's reason with a retry when the list fails", async () => {
    fakeApi({
      '/shopkeeper/store-users/pending': [
        403,
        { msg: 'Só o gerente da loja pode aprovar ou recusar cadastros de lojistas.', code: 'managers-only' },
      ],
    });
    renderPage('/store-approvals', ['/store-approvals'], <StoreApprovalsPage />);
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Só o gerente da loja pode aprovar ou recusar cadastros de lojistas.');
    expect(within(error).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('sends a seller who opens the address to the overview without asking the server', async () => {
    signIn('shopkeeper', 'seller');
    const sent = fakeApi({ '/shopkeeper/store-users/pending': page([]) });
    renderPage('/store-approvals', ['/store-approvals'], <StoreApprovalsPage />);
    await waitFor(() => expect(screen.queryByText('Aprovar cadastros')).toBeNull());
    expect(sent.filter((call) => call.url === '/shopkeeper/store-users/pending')).toHaveLength(0);
  });
});
