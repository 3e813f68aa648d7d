import type { StoreUser } from '@especifica/mf-shared/contracts';
import { fakeApi, fillIn, openDrawer, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StoreUsersPage } from '../components/store-users-page';

const STORE = '0b6f6c1e-4a57-4c0e-9a55-3f7f2f7d1a01';
const sergio: StoreUser = {
  id: '5d3c1f1e-4a57-4c0e-9a55-3f7f2f7d1a02',
  name: 'Sérgio Vendedor',
  email: 'sergio@especifica.dev',
  cpf: null,
  cellphone: null,
  shopkeeperType: 'seller',
  approval: 'approved',
  active: true,
  storeId: STORE,
  storeName: 'Casa & Acabamento Demo',
  storeCnpj: '11222333000181',
  points: 450.75,
  createdAt: '2026-01-10T12:00:00Z',
};
const carla: StoreUser = {
  ...sergio,
  id: '5d3c1f1e-4a57-4c0e-9a55-3f7f2f7d1a03',
  name: 'Carla Consultora',
  email: 'carla@especifica.dev',
  shopkeeperType: 'consultant',
  cpf: '52998224725',
  cellphone: '11912345678',
};
const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];
const stores = page([{ id: STORE, name: 'Casa & Acabamento Demo', cnpj: '11222333000181', active: true }]);

async function editRow(name: string) {
  const row = (await screen.findByText(name)).closest('tr') as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: 'Editar' }));
  return screen.findByRole('dialog', { name: 'Editar usuário da loja' });
}

jest.setTimeout(20_000);

describe('the store users screen', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('shows each person with store, type and points, and filters by type through the URL', async () => {
    const sent = fakeApi({ '/cms/stores/get-all-stores-users': page([sergio, carla]), '/cms/stores/get-all': stores });
    renderPage(`/cms/shopkeepers/users?storeId=${STORE}`, ['/cms/shopkeepers/users'], <StoreUsersPage />);
    const row = (await screen.findByText('Sérgio Vendedor')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Vendedor')).toBeInTheDocument();
    expect(within(row).getByText('450,75')).toBeInTheDocument();
    expect(within(row).getByText('Casa & Acabamento Demo')).toBeInTheDocument();
    expect(sent.find((c) => c.url === '/cms/stores/get-all-stores-users')?.params).toMatchObject({ storeId: STORE });
    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'consultant');
    await waitFor(() =>
      expect(sent.filter((c) => c.url === '/cms/stores/get-all-stores-users').at(-1)?.params).toMatchObject({
        shopkeeperType: 'consultant',
        storeId: STORE,
      }),
    );
  });

  it('filters by any store, searched past the first hundred, keeping it in the URL and naming it from the URL', async () => {
    // 150 stores: the one wanted is past the hundredth, so only a search finds it.
    const far = { id: '0b6f6c1e-4a57-4c0e-9a55-3f7f2f7d1150', name: 'Loja Distante', cnpj: '11222333015000' };
    const all = [
      ...Array.from({ length: 149 }, (_, i) => ({
        id: `0b6f6c1e-4a57-4c0e-9a55-3f7f2f7d${String(1000 + i).padStart(4, '0')}`,
        name: `Loja ${String(i + 1).padStart(3, '0')}`,
        cnpj: String(11_222_333_000_100 + i).padStart(14, '0'),
        active: true,
      })),
      { ...far, active: true },
    ];
    const distant = {
      ...sergio,
      id: '5d3c1f1e-4a57-4c0e-9a55-3f7f2f7d1a09',
      name: 'Dora Distante',
      storeId: far.id,
      storeName: far.name,
      storeCnpj: far.cnpj,
    };
    const sent = fakeApi({
      '/cms/stores/get-all': (_body, params) => {
        const search = String(params.search ?? '').toLowerCase();
        const found = all.filter((store) => !search || store.name.toLowerCase().includes(search));
        return [200, { items: found.slice(0, Number(params.limit)), total: found.length, page: 1, limit: 8 }];
      },
      '/cms/stores/get-all-stores-users': (_body, params) =>
        page(params.storeId === far.id ? [distant] : [sergio, carla]),
      '/cms/stores/get-one': (_body, params) =>
        params.id === far.id ? [200, { ...far, active: true, users: 1, points: 0 }] : [404, { msg: 'x' }],
    });
    renderPage('/cms/shopkeepers/users?page=2', ['/cms/shopkeepers/users'], <StoreUsersPage />);
    expect(await screen.findByText('Carla Consultora')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Loja' });
    await userEvent.type(picker, 'distante');
    const list = await screen.findByRole('listbox', { name: 'Loja' });
    // The search waits for the typing to stop, then asks the API.
    await userEvent.click(await within(list).findByRole('option', { name: /Loja Distante/ }, { timeout: 10_000 }));
    expect(await screen.findByText('Dora Distante', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Carla Consultora')).toBeNull();
    // The list asked for that store, from the first page.
    expect(sent.filter((c) => c.url === '/cms/stores/get-all-stores-users').at(-1)?.params).toMatchObject({
      storeId: far.id,
      page: 1,
    });
    expect(picker).toHaveValue('Loja Distante (11.222.333/0150-00)');
    // Clearing the text shows every store's people again.
    await userEvent.clear(picker);
    expect(await screen.findByText('Carla Consultora')).toBeInTheDocument();
    expect(sent.filter((c) => c.url === '/cms/stores/get-all-stores-users').at(-1)?.params?.storeId).toBeUndefined();

    // Opened from a link that carries the store: the list is filtered and the picker names the store.
    renderPage(`/cms/shopkeepers/users?storeId=${far.id}`, ['/cms/shopkeepers/users'], <StoreUsersPage />);
    expect(await screen.findByText('Dora Distante')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Loja' })).toHaveValue('Loja Distante (11.222.333/0150-00)'),
    );
    // Named by the store read by its id.
    expect(sent.filter((c) => c.url === '/cms/stores/get-one').at(-1)?.params).toEqual({ id: far.id });
  });

  it('names a store with nobody in it, opened from a link, by the store itself', async () => {
    const empty = { id: '0b6f6c1e-4a57-4c0e-9a55-3f7f2f7d1a77', name: 'Loja Vazia', cnpj: '11222333007700' };
    fakeApi({
      '/cms/stores/get-all-stores-users': page([]),
      '/cms/stores/get-one': (_body, params) =>
        params.id === empty.id
          ? [200, { ...empty, active: true, users: 0, points: 0 }]
          : [404, { msg: 'Loja não encontrada.', code: 'not-found' }],
    });
    renderPage(`/cms/shopkeepers/users?storeId=${empty.id}`, ['/cms/shopkeepers/users'], <StoreUsersPage />);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Loja' })).toHaveValue('Loja Vazia (11.222.333/0077-00)'),
    );

    // A store that cannot be read (a link to one removed) keeps a generic name.
    renderPage(`/cms/shopkeepers/users?storeId=${STORE}`, ['/cms/shopkeepers/users'], <StoreUsersPage />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Loja' })).toHaveValue('Loja escolhida'));
  });

  it("changes a seller's type to manager", async () => {
    let type: StoreUser['shopkeeperType'] = 'seller';
    const sent = fakeApi({
      '/cms/stores/get-all-stores-users': () => page([{ ...sergio, shopkeeperType: type }]),
      '/cms/stores/get-all': stores,
      '/cms/stores/update-store-user': () => {
        type = 'manager';
        return [200, { msg: 'Usuário atualizado com sucesso!', item: { ...sergio, shopkeeperType: 'manager' } }];
      },
    });
    renderPage('/cms/shopkeepers/users', ['/cms/shopkeepers/users'], <StoreUsersPage />);
    const drawer = await editRow('Sérgio Vendedor');
    expect(within(drawer).getByText('Usuário da loja Casa & Acabamento Demo.')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await within(drawer).findByRole('option', { name: 'Gerente' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Usuário atualizado com sucesso!'));
    expect(sent.find((c) => c.url === '/cms/stores/update-store-user')?.body).toEqual({
      id: sergio.id,
      name: 'Sérgio Vendedor',
      email: 'sergio@especifica.dev',
      shopkeeperType: 'manager',
    });
    const table = screen.getByRole('table');
    expect(await within(table).findByText('Gerente')).toBeInTheDocument();
  });

  it('creates a consultant, refusing a missing store and a short password first', async () => {
    const sent = fakeApi({
      '/cms/stores/get-all-stores-users': page([sergio]),
      '/cms/stores/get-all': stores,
      'POST /users/consultants': [200, { msg: 'Consultor criado com sucesso!', item: {} }],
    });
    renderPage('/cms/shopkeepers/users', ['/cms/shopkeepers/users'], <StoreUsersPage />);
    await screen.findByText('Sérgio Vendedor');
    const drawer = await openDrawer('Novo', 'Novo consultor');
    await fillIn(drawer, { Nome: 'Caio Consultor', 'E-mail': 'caio@especifica.dev', Senha: 'curta' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Selecione a loja.')).toBeInTheDocument();
    expect(within(drawer).getByText('A senha precisa ter de 8 a 128 caracteres.')).toBeInTheDocument();
    expect(sent.some((c) => c.url === '/users/consultants')).toBe(false);

    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Loja' }));
    await userEvent.click(await within(drawer).findByRole('option', { name: /Casa & Acabamento Demo/ }));
    await userEvent.type(within(drawer).getByLabelText('Senha'), ' bem mais longa');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Consultor criado com sucesso!'));
    expect(sent.find((c) => c.url === '/users/consultants')?.body).toEqual({
      storeId: STORE,
      name: 'Caio Consultor',
      email: 'caio@especifica.dev',
      password: 'curta bem mais longa',
    });
  });

  it("edits a consultant through the consultants' call, with the CPF and phone shown masked", async () => {
    const sent = fakeApi({
      '/cms/stores/get-all-stores-users': page([carla]),
      '/cms/stores/get-all': stores,
      'PUT /users/consultants': [200, { msg: 'Consultor atualizado com sucesso!', item: {} }],
    });
    renderPage('/cms/shopkeepers/users', ['/cms/shopkeepers/users'], <StoreUsersPage />);
    const drawer = await editRow('Carla Consultora');
    expect(within(drawer).getByLabelText('CPF')).toHaveValue('529.982.247-25');
    expect(within(drawer).getByLabelText('Celular')).toHaveValue('(11) 91234-5678');
    const name = within(drawer).getByLabelText('Nome');
    await userEvent.clear(name);
    await userEvent.type(name, 'Carla Souza');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Consultor atualizado com sucesso!'));
    expect(sent.find((c) => c.url === '/users/consultants')?.body).toEqual({
      id: carla.id,
      storeId: STORE,
      name: 'Carla Souza',
      email: 'carla@especifica.dev',
      cpf: '52998224725',
      cellphone: '11912345678',
    });
    expect(sent.some((c) => c.url === '/cms/stores/update-store-user')).toBe(false);
  });

  it('filters the pending sign-ups, approves one, and refuses another only after a confirmation', async () => {
    const paula: StoreUser = {
      ...sergio,
      id: 'p1',
      name: 'Paula Pendente',
      email: 'paula@loja.dev',
      approval: 'pending',
    };
    const pedro: StoreUser = { ...paula, id: 'p2', name: 'Pedro Pendente', email: 'pedro@loja.dev' };
    const decided: Record<string, 'approved' | 'refused'> = {};
    const sent = fakeApi({
      '/cms/stores/get-all-stores-users': (_body, params) =>
        page(
          [paula, pedro]
            .map((user) => ({ ...user, approval: decided[user.id] ?? user.approval }))
            .filter((user) => !params.approval || user.approval === params.approval),
        ),
      '/cms/stores/get-all': stores,
      '/cms/stores/approve-store-user': (body) => {
        const { id, approval } = body as { id: string; approval: 'approved' | 'refused' };
        decided[id] = approval;
        return [
          200,
          { msg: approval === 'approved' ? 'Cadastro aprovado com sucesso!' : 'Cadastro recusado.', item: {} },
        ];
      },
    });
    renderPage('/cms/shopkeepers/users?approval=pending', ['/cms/shopkeepers/users'], <StoreUsersPage />);
    const row = (await screen.findByText('Paula Pendente')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Pendente')).toBeInTheDocument();
    expect(sent.find((c) => c.url === '/cms/stores/get-all-stores-users')?.params).toMatchObject({
      approval: 'pending',
    });
    await userEvent.click(within(row).getByRole('button', { name: 'Aprovar o cadastro de Paula Pendente' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Cadastro aprovado com sucesso!'));
    await waitFor(() => expect(screen.queryByText('Paula Pendente')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Recusar o cadastro de Pedro Pendente' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('a pessoa não consegue mais entrar');
    expect(sent.filter((c) => c.url === '/cms/stores/approve-store-user')).toHaveLength(1);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Recusar' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Cadastro recusado.'));
    expect(sent.filter((c) => c.url === '/cms/stores/approve-store-user').map((c) => c.body)).toEqual([
      { id: 'p1', approval: 'approved' },
      { id: 'p2', approval: 'refused' },
    ]);
  });
  it("opens a person's consent records in a drawer, asked for that shopkeeper, with their CSV", async () => {
    const sent = fakeApi({
      '/cms/stores/get-all-stores-users': page([sergio, carla]),
      '/cms/stores/get-all': stores,
      '/cms/privacy/consents/get-all': page([
        {
          id: 'r1',
          purpose: 'privacy-policy',
          version: 1,
          given: true,
          channel: 'sign-up',
          at: '2026-01-10T12:00:00Z',
          ipHash: null,
        },
      ]),
    });
    renderPage('/cms/shopkeepers/users', ['/cms/shopkeepers/users'], <StoreUsersPage />);
    const row = (await screen.findByText('Sérgio Vendedor')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Consentimentos de Sérgio Vendedor' }));
    const drawer = await screen.findByRole('dialog', { name: 'Consentimentos de Sérgio Vendedor' });
    const record = (await within(drawer).findByText('Política de privacidade, versão 1')).closest('tr') as HTMLElement;
    expect(record).toHaveTextContent('Autorizado');
    expect(record).toHaveTextContent('Cadastro');
    expect(sent.find((call) => call.url === '/cms/privacy/consents/get-all')?.params).toMatchObject({
      shopkeeperId: sergio.id,
    });
    expect(within(drawer).getByRole('button', { name: /CSV/ })).toBeInTheDocument();
  });
});
