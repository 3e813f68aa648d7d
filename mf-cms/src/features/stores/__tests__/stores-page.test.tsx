import type { Invite, Store, StoreUser } from '@especifica/mf-shared/contracts';
import { fakeApi, fillIn, openDrawer, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StoresPage } from '../components/stores-page';

const demoStore: Store = {
  id: '0b6f6c1e-4a57-4c0e-9a55-3f7f2f7d1a01',
  cnpj: '11222333000181',
  name: 'Casa & Acabamento Demo',
  email: 'loja@especifica.dev',
  phone: '1133334444',
  address: { city: 'São Paulo', state: 'SP' },
  active: true,
  users: 3,
  points: 1234.5,
  createdAt: '2026-01-10T12:00:00Z',
};
const sergio: StoreUser = {
  id: 'u1',
  name: 'Sérgio Vendedor',
  email: 'sergio@especifica.dev',
  cpf: null,
  cellphone: null,
  shopkeeperType: 'seller',
  approval: 'approved',
  active: true,
  storeId: demoStore.id,
  storeName: demoStore.name,
  storeCnpj: demoStore.cnpj,
  points: 450.75,
  createdAt: '2026-01-10T12:00:00Z',
};
const invite: Invite = {
  id: 'i1',
  storeId: demoStore.id,
  storeName: demoStore.name,
  email: 'bia@arquitetura.dev',
  name: 'Bia',
  invitedBy: 'admin',
  accepted: false,
  createdAt: '2026-11-02T12:00:00Z',
  signUpUrl: 'http://localhost/sign-up-profissional',
};
const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];

jest.setTimeout(20_000);

describe('the stores screen', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('lists each store with its CNPJ, city, people and points, sorted by name by default', async () => {
    const sent = fakeApi({ '/cms/stores/get-all': page([demoStore]) });
    renderPage('/cms/shopkeepers?state=SP', ['/cms/shopkeepers'], <StoresPage />);
    const row = (await screen.findByText('Casa & Acabamento Demo')).closest('tr') as HTMLElement;
    expect(within(row).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(within(row).getByText('São Paulo/SP')).toBeInTheDocument();
    const map = within(row).getByRole('link', { name: 'Ver no mapa: Casa & Acabamento Demo (abre em nova aba)' });
    expect(map).toHaveAttribute('href', 'https://www.openstreetmap.org/search?query=S%C3%A3o%20Paulo%2C%20SP');
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('1.234,5')).toBeInTheDocument();
    expect(within(row).getByText('Ativa')).toBeInTheDocument();
    expect(sent.find((c) => c.url === '/cms/stores/get-all')?.params).toMatchObject({ state: 'SP', sort: 'name' });
  });

  it('shows the server error with a retry, and an empty list with its next step', async () => {
    fakeApi({ '/cms/stores/get-all': [500, { msg: 'Falhou a leitura das lojas.' }] });
    renderPage('/cms/shopkeepers', ['/cms/shopkeepers'], <StoresPage />);
    expect(await screen.findByText('Falhou a leitura das lojas.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    fakeApi({ '/cms/stores/get-all': page([]) });
    renderPage('/cms/shopkeepers', ['/cms/shopkeepers'], <StoresPage />);
    expect(await screen.findByText('Nenhuma loja cadastrada ainda.')).toBeInTheDocument();
    // The next step opens the form of a new store.
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar loja' }));
    expect(await screen.findByRole('dialog', { name: 'Nova loja' })).toBeInTheDocument();
  });

  it('refuses a bad CNPJ and a half-typed address in pt-BR, then creates the store', async () => {
    let created = false;
    const sent = fakeApi({
      '/cms/stores/get-all': () => page(created ? [demoStore] : []),
      '/cms/stores/create': () => {
        created = true;
        return [200, { msg: 'Criado com sucesso!', item: demoStore }];
      },
    });
    renderPage('/cms/shopkeepers', ['/cms/shopkeepers'], <StoresPage />);
    await screen.findByText('Nenhuma loja cadastrada ainda.');
    const drawer = await openDrawer('Novo', 'Nova loja');
    await fillIn(drawer, { CNPJ: '11222333000182', Nome: 'Casa & Acabamento Demo', Cidade: 'São Paulo' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Digite um CNPJ válido.')).toBeInTheDocument();
    expect(within(drawer).getByText('Digite um CEP válido.')).toBeInTheDocument();
    expect(sent.some((c) => c.url === '/cms/stores/create')).toBe(false);

    const cnpj = within(drawer).getByLabelText('CNPJ');
    await userEvent.clear(cnpj);
    await userEvent.type(cnpj, '11222333000181');
    await userEvent.clear(within(drawer).getByLabelText('Cidade'));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Criado com sucesso!'));
    expect(sent.find((c) => c.url === '/cms/stores/create')?.body).toEqual({
      form: { cnpj: '11222333000181', name: 'Casa & Acabamento Demo' },
    });
    expect(await screen.findByText('Casa & Acabamento Demo')).toBeInTheDocument();
  });

  it('deactivates a store only after a confirmation that says what happens', async () => {
    let active = true;
    const sent = fakeApi({
      '/cms/stores/get-all': () => page([{ ...demoStore, active }]),
      '/cms/stores/change-status': () => {
        active = false;
        return [200, { msg: 'Loja desativada com sucesso!' }];
      },
    });
    renderPage('/cms/shopkeepers', ['/cms/shopkeepers'], <StoresPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Desativar Casa & Acabamento Demo' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('A loja deixa de aparecer para os profissionais');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(sent.some((c) => c.url === '/cms/stores/change-status')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Desativar Casa & Acabamento Demo' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Loja desativada com sucesso!'));
    expect(sent.find((c) => c.url === '/cms/stores/change-status')?.body).toEqual({ id: demoStore.id, active: false });
    expect(await screen.findByText('Inativa')).toBeInTheDocument();
  });

  it("opens a store's people and invites, and invites a professional for it", async () => {
    let invited = false;
    const sent = fakeApi({
      '/cms/stores/get-all': page([demoStore]),
      [`/cms/stores/${demoStore.id}/get-users`]: page([
        sergio,
        { ...sergio, id: 'u2', name: 'Rita Nova', shopkeeperType: 'manager', points: 1 },
      ]),
      '/cms/stores/invites/get-all': () => page(invited ? [invite] : []),
      '/cms/stores/invites/invite': () => {
        invited = true;
        return [200, { msg: 'Profissional convidado com sucesso!', item: invite }];
      },
    });
    renderPage('/cms/shopkeepers', ['/cms/shopkeepers'], <StoresPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Equipe e convites de Casa & Acabamento Demo' }));
    const drawer = await screen.findByRole('dialog', { name: 'Casa & Acabamento Demo' });
    expect(await within(drawer).findByText('Sérgio Vendedor')).toBeInTheDocument();
    expect(within(drawer).getByText('Vendedor')).toBeInTheDocument();
    expect(within(drawer).getByText('450,75 pontos')).toBeInTheDocument();
    // One point is said in the singular, never 'ponto(s)'.
    expect(within(drawer).getByText('1 ponto')).toBeInTheDocument();
    expect(await within(drawer).findByText('Nenhum profissional convidado por esta loja.')).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Convidar' }));
    expect(await within(drawer).findByText('Digite um e-mail válido.')).toBeInTheDocument();
    await userEvent.type(within(drawer).getByLabelText('E-mail do profissional'), 'bia@arquitetura.dev');
    await userEvent.type(within(drawer).getByLabelText(/Nome do profissional/), 'Bia');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Convidar' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Profissional convidado com sucesso!'));
    expect(sent.find((c) => c.url === '/cms/stores/invites/invite')?.body).toEqual({
      form: { storeId: demoStore.id, email: 'bia@arquitetura.dev', name: 'Bia' },
    });
    expect(await within(drawer).findByText('Convite enviado')).toBeInTheDocument();
  });
});
