import { fakeApi, fillIn, openDrawer, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfessionalsPage } from '../components/professionals-page';
import { ana, page, STORE, stores } from './fixtures';

jest.setTimeout(20_000);

const lastList = (sent: ReturnType<typeof fakeApi>) =>
  sent.filter((call) => call.url === '/cms/professionals/get-all').at(-1)?.params;

describe('the professionals list', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('shows level, balance, reference store and seller and behaviour, and opens the person', async () => {
    fakeApi({ '/cms/professionals/get-all': page([ana]), '/cms/stores/get-all': stores });
    renderPage('/cms/professionals', ['/cms/professionals'], <ProfessionalsPage />);
    expect(screen.getByTestId('loading-state')).toBeInTheDocument();
    const row = (await screen.findByText('Ana Arquiteta')).closest('tr') as HTMLElement;
    expect(within(row).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(row).getByText('Prata')).toBeInTheDocument();
    expect(within(row).getByText('8.250,5')).toBeInTheDocument();
    expect(within(row).getByText('Casa & Cia Centro / Sérgio Vendedor')).toBeInTheDocument();
    expect(within(row).getByText('Ativo')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('link', { name: 'Abrir Ana Arquiteta' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/cms/professionals/${ana.id}`);
  });

  it('sends the search, behaviour and reference store kept in the URL', async () => {
    const sent = fakeApi({ '/cms/professionals/get-all': page([ana]), '/cms/stores/get-all': stores });
    renderPage(`/cms/professionals?search=529.982&behaviour=blocked`, ['/cms/professionals'], <ProfessionalsPage />);
    await screen.findByText('Ana Arquiteta');
    expect(lastList(sent)).toMatchObject({ search: '529.982', behaviour: 'blocked' });
    expect(screen.getByLabelText('Buscar')).toHaveValue('529.982');
    // Any store of the programme, searched: not a select of the first page of stores.
    const picker = screen.getByRole('combobox', { name: 'Loja de referência' });
    await userEvent.type(picker, 'Casa');
    // The stores API is asked for the text typed, once the typing stops.
    const searches = () => sent.filter((call) => call.url === '/cms/stores/get-all').map((call) => call.params?.search);
    await waitFor(() => expect(searches()).toContain('Casa'));
    await userEvent.click(await screen.findByRole('option', { name: /Casa & Cia Centro/ }));
    await waitFor(() => expect(lastList(sent)).toMatchObject({ referenceStoreId: STORE, behaviour: 'blocked' }));
  });

  it('names the reference store of its address, read by id', async () => {
    const sent = fakeApi({
      '/cms/professionals/get-all': page([ana]),
      '/cms/stores/get-one': [200, { id: STORE, name: 'Casa & Cia Centro', cnpj: '11222333000181' }],
    });
    renderPage(`/cms/professionals?referenceStoreId=${STORE}`, ['/cms/professionals'], <ProfessionalsPage />);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Loja de referência' })).toHaveValue(
        'Casa & Cia Centro (11.222.333/0001-81)',
      ),
    );
    expect(lastList(sent)).toMatchObject({ referenceStoreId: STORE });
    expect(sent.find((call) => call.url === '/cms/stores/get-one')?.params).toEqual({ id: STORE });
  });

  it('filters by level, kept in the URL, and exports the list as filtered', async () => {
    const OURO = '7a1f3c1e-4a57-4c0e-9a55-3f7f2f7d1a09';
    const sent = fakeApi({
      '/cms/professionals/get-all': page([ana]),
      '/cms/stores/get-all': stores,
      '/cms/config/get-levels': [
        200,
        {
          items: [
            { id: '7a1f3c1e-4a57-4c0e-9a55-3f7f2f7d1a08', name: 'Prata', points: 0, sublevels: 3, benefits: '' },
            { id: OURO, name: 'Ouro', points: 10000, sublevels: 3, benefits: '' },
          ],
        },
      ],
      '/cms/professionals/export': [200, 'Nome\nAna\n'],
    });
    Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage('/cms/professionals?behaviour=active', ['/cms/professionals'], <ProfessionalsPage />);
    await screen.findByText('Ana Arquiteta');
    await screen.findByRole('option', { name: 'Ouro' });
    await userEvent.selectOptions(screen.getByLabelText('Nível'), OURO);
    await waitFor(() => expect(lastList(sent)).toMatchObject({ levelId: OURO, behaviour: 'active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() =>
      expect(sent.find((call) => call.url === '/cms/professionals/export')?.params).toMatchObject({
        levelId: OURO,
        behaviour: 'active',
      }),
    );
    click.mockRestore();
  });

  it('says "Nenhum resultado encontrado" for a search that finds nobody, and offers to clear it', async () => {
    fakeApi({ '/cms/professionals/get-all': page([]), '/cms/stores/get-all': stores });
    renderPage('/cms/professionals?search=zzz', ['/cms/professionals'], <ProfessionalsPage />);
    expect(await screen.findByText('Nenhum resultado encontrado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Limpar filtros' })).toBeInTheDocument();
  });

  it("shows the server's msg and a retry when the list fails", async () => {
    fakeApi({
      '/cms/professionals/get-all': [500, { msg: 'Serviço indisponível.' }],
      '/cms/stores/get-all': stores,
    });
    renderPage('/cms/professionals', ['/cms/professionals'], <ProfessionalsPage />);
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Serviço indisponível.');
    expect(within(error).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('creates a professional in the drawer, refusing a short password in pt-BR first', async () => {
    const sent = fakeApi({
      '/cms/professionals/get-all': page([ana]),
      '/cms/stores/get-all': stores,
      '/cms/professionals/create': [200, { msg: 'Usuário cadastrado com sucesso!', item: ana }],
    });
    renderPage('/cms/professionals', ['/cms/professionals'], <ProfessionalsPage />);
    await screen.findByText('Ana Arquiteta');
    const drawer = await openDrawer('Novo', 'Novo profissional');
    await fillIn(drawer, { Nome: 'Bruna Paisagista', 'E-mail': 'bruna@especifica.dev', Senha: '123' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('A senha precisa ter de 8 a 128 caracteres.')).toBeInTheDocument();
    expect(sent.some((call) => call.url === '/cms/professionals/create')).toBe(false);
    await userEvent.type(within(drawer).getByLabelText(/Senha/), '4567890');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Usuário cadastrado com sucesso!'),
    );
    expect(sent.find((call) => call.url === '/cms/professionals/create')?.body).toEqual({
      name: 'Bruna Paisagista',
      email: 'bruna@especifica.dev',
      password: '1234567890',
    });
  });

  it('edits a professional in the drawer, sending only the fields filled', async () => {
    const sent = fakeApi({
      '/cms/professionals/get-all': page([{ ...ana, cellphone: null, profession: null }]),
      '/cms/stores/get-all': stores,
      '/cms/professionals/update': [200, { msg: 'Profissional atualizado com sucesso!', item: ana }],
    });
    renderPage('/cms/professionals', ['/cms/professionals'], <ProfessionalsPage />);
    const row = (await screen.findByText('Ana Arquiteta')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    const drawer = await screen.findByRole('dialog', { name: 'Editar profissional' });
    const name = within(drawer).getByLabelText(/Nome/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Ana A. Souza');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Profissional atualizado com sucesso!'),
    );
    expect(sent.find((call) => call.url === '/cms/professionals/update')?.body).toEqual({
      id: ana.id,
      name: 'Ana A. Souza',
      email: 'ana@especifica.dev',
      cpf: '52998224725',
    });
  });
});
