import { fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CampaignsPage } from '../components/campaigns-page';

const campaign = {
  id: 'c1',
  name: 'Feira de Design',
  description: '',
  points: 150.5,
  audience: 'professional',
  startsAt: '2026-11-01T03:00:00.000Z',
  endsAt: '2026-12-01T03:00:00.000Z',
  active: true,
  granted: 2,
  qrCode: 's3cr3t-code',
  createdAt: '2026-10-01T12:00:00Z',
};
const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];
const grant = (id: string, name: string) => ({
  id: `g-${id}`,
  campaign: { id: 'c1', name: campaign.name },
  participant: { kind: 'professional', id, name, email: `${id}@especifica.dev` },
  store: null,
  points: 150.5,
  status: 'granted',
  via: 'admin',
  reason: null,
  createdAt: '2026-11-02T12:00:00Z',
  removedAt: null,
});

const render = (audience: 'professional' | 'shopkeeper' = 'professional') =>
  renderPage(
    `/cms/${audience}s/extra-points`,
    [`/cms/${audience}s/extra-points`],
    <CampaignsPage audience={audience} />,
  );

async function openManage() {
  render();
  const row = (await screen.findByText('Feira de Design')).closest('tr') as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: 'Gerenciar' }));
  return screen.findByRole('dialog', { name: 'Feira de Design' });
}

jest.setTimeout(30_000);

describe('the extra points campaigns screen', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it("lists the audience's campaigns with points, period and how many have it", async () => {
    const sent = fakeApi({ '/cms/points-extra/get-all': page([campaign]) });
    render();
    const row = (await screen.findByText('Feira de Design')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('150,5');
    // The last instant is the first of 01/12: the period ends on 30/11.
    expect(row).toHaveTextContent('De 01/11/2026 a 30/11/2026');
    expect(row).toHaveTextContent('2');
    expect(sent[0]?.params).toMatchObject({ audience: 'professional' });
    expect(screen.getByRole('heading', { name: 'Pontos extras de profissionais', level: 1 })).toBeInTheDocument();
  });

  it('shows the empty state with its next action, and the error with a retry', async () => {
    fakeApi({ '/cms/points-extra/get-all': page([]) });
    render('shopkeeper');
    expect(await screen.findByText('Nenhuma campanha cadastrada ainda.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pontos extras de lojistas', level: 1 })).toBeInTheDocument();

    fakeApi({ '/cms/points-extra/get-all': [500, { msg: 'Falhou feio.' }] });
    render();
    expect(await screen.findByTestId('error-state')).toHaveTextContent('Falhou feio.');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('creates a campaign of whole days in São Paulo and says "Criado com sucesso!"', async () => {
    const sent = fakeApi({
      '/cms/points-extra/get-all': page([]),
      '/cms/points-extra/create': [200, { msg: 'Criado com sucesso!', item: campaign }],
    });
    render();
    await screen.findByText('Nenhuma campanha cadastrada ainda.');
    await userEvent.click(screen.getByRole('button', { name: 'Novo' }));
    const drawer = await screen.findByRole('dialog', { name: 'Nova campanha' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Digite o nome da campanha.')).toBeInTheDocument();
    expect(within(drawer).getByText('Digite uma quantidade de pontos válida.')).toBeInTheDocument();
    expect(within(drawer).getAllByText('Digite uma data válida.')).toHaveLength(2);

    await userEvent.type(within(drawer).getByLabelText('Nome da campanha'), 'Feira de Design');
    await userEvent.type(within(drawer).getByLabelText('Pontos'), '150,5');
    await userEvent.type(within(drawer).getByLabelText('Início (DD/MM/AAAA)'), '01112026');
    await userEvent.type(within(drawer).getByLabelText('Fim (DD/MM/AAAA)'), '31102026');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('A data final precisa ser depois da inicial.')).toBeInTheDocument();

    const end = within(drawer).getByLabelText('Fim (DD/MM/AAAA)');
    await userEvent.clear(end);
    await userEvent.type(end, '30112026');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(toasts.shown.map((toast) => toast.message)).toContain('Criado com sucesso!'));
    expect(sent.find((call) => call.url === '/cms/points-extra/create')?.body).toEqual({
      name: 'Feira de Design',
      description: '',
      points: 150.5,
      audience: 'professional',
      startsAt: '2026-11-01T00:00:00-03:00',
      endsAt: '2026-12-01T03:00:00.000Z',
    });
  });

  it("shows the QR code with the campaign's secret, and who has the campaign", async () => {
    fakeApi({
      '/cms/points-extra/get-all': page([campaign]),
      '/cms/points-extra/c1': page([grant('p1', 'Ana Arquiteta'), grant('p2', 'Eduardo Engenheiro')]),
    });
    const drawer = await openManage();
    // The QR encoder is loaded when the first code is shown.
    const qr = await within(drawer).findByRole('img', { name: 'QR code da campanha Feira de Design' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
    expect(within(drawer).getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    const members = await within(drawer).findByTestId('campaign-members');
    expect(members).toHaveTextContent('Ana Arquiteta');
    expect(members).toHaveTextContent('Eduardo Engenheiro');
  });

  it('gives the campaign to the professionals searched and picked', async () => {
    const sent = fakeApi({
      '/cms/points-extra/get-all': page([campaign]),
      '/cms/points-extra/c1': page([]),
      '/cms/professionals/get-all': page([
        { id: 'p1', name: 'Ana Arquiteta', email: 'ana@especifica.dev', cpf: '52998224725' },
        { id: 'p2', name: 'Eduardo Engenheiro', email: 'eduardo@especifica.dev', cpf: null },
      ]),
      '/cms/points-extra/add-extra-point-in-professional': [
        200,
        { msg: 'Pontos extras concedidos a 2 profissionais.', added: 2, skipped: 0 },
      ],
    });
    const drawer = await openManage();
    await userEvent.type(within(drawer).getByLabelText('Buscar profissionais'), 'an');
    await userEvent.click(await within(drawer).findByText(/Ana Arquiteta/));
    await userEvent.click(within(drawer).getByText(/Eduardo Engenheiro/));
    expect(within(drawer).getByTestId('picked-count')).toHaveTextContent('2 selecionados');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Conceder aos selecionados' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Pontos extras concedidos a 2 profissionais.'),
    );
    expect(sent.find((call) => call.url === '/cms/points-extra/add-extra-point-in-professional')?.body).toEqual({
      idExtraPoint: 'c1',
      idProfessionals: ['p1', 'p2'],
    });
  });

  it('gives the campaign to a pasted list of CPFs and names the ones that match nobody', async () => {
    const sent = fakeApi({
      '/cms/points-extra/get-all': page([campaign]),
      '/cms/points-extra/c1': page([]),
      '/cms/points-extra/add-by-documents': [
        200,
        { msg: 'Pontos extras concedidos a 1 profissional.', added: 1, skipped: 0, unknown: ['111.444.777-35'] },
      ],
    });
    const drawer = await openManage();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Conceder à lista' }));
    expect(await within(drawer).findByText('Cole de 1 a 200.000 CPFs.')).toBeInTheDocument();
    await userEvent.type(
      within(drawer).getByLabelText('Ou cole uma lista de CPFs'),
      '529.982.247-25{enter}111.444.777-35',
    );
    await userEvent.click(within(drawer).getByRole('button', { name: 'Conceder à lista' }));
    expect(await within(drawer).findByTestId('unknown-documents')).toHaveTextContent(
      'CPFs sem profissional cadastrado: 1',
    );
    expect(within(drawer).getByTestId('unknown-documents')).toHaveTextContent('111.444.777-35');
    expect(sent.find((call) => call.url === '/cms/points-extra/add-by-documents')?.body).toEqual({
      idExtraPoint: 'c1',
      documents: ['529.982.247-25', '111.444.777-35'],
    });
  });

  it('removes the campaign from one professional after saying the points go back', async () => {
    let removed = false;
    const sent = fakeApi({
      '/cms/points-extra/get-all': page([campaign]),
      '/cms/points-extra/c1': () =>
        page([removed ? { ...grant('p1', 'Ana Arquiteta'), status: 'removed' } : grant('p1', 'Ana Arquiteta')]),
      '/cms/points-extra/remove-extra-point-in-professional': () => {
        removed = true;
        return [200, { msg: 'Pontos extras removidos do profissional.', removed: 1 }];
      },
    });
    const drawer = await openManage();
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Remover Ana Arquiteta' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('serão estornados do saldo de Ana Arquiteta');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remover' }));
    expect(await within(drawer).findByText('Removido')).toBeInTheDocument();
    expect(sent.find((call) => call.url === '/cms/points-extra/remove-extra-point-in-professional')?.body).toEqual({
      idExtraPoint: 'c1',
      idProfessional: 'p1',
    });
  });

  it('lists the stores of a shopkeepers campaign and gives picked stores by their CNPJ', async () => {
    const shops = { ...campaign, audience: 'shopkeeper' };
    const sent = fakeApi({
      '/cms/points-extra/get-all': page([shops]),
      '/cms/points-extra/c1/store': page([
        {
          id: 's1',
          name: 'Casa & Acabamento Demo',
          cnpj: '11222333000181',
          status: 'granted',
          shopkeepers: 3,
          createdAt: '2026-11-02T12:00:00Z',
        },
      ]),
      '/cms/stores/get-all': page([{ id: 's2', name: 'Loja Nova', cnpj: '12ABC34501DE35' }]),
      '/cms/points-extra/add-by-documents': [
        200,
        { msg: 'Pontos extras concedidos a 1 loja (2 lojistas).', added: 2, skipped: 0, unknown: [] },
      ],
    });
    render('shopkeeper');
    const row = (await screen.findByText('Feira de Design')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Gerenciar' }));
    const drawer = await screen.findByRole('dialog', { name: 'Feira de Design' });
    expect(await within(drawer).findByTestId('campaign-members')).toHaveTextContent('Casa & Acabamento Demo');
    await userEvent.type(within(drawer).getByLabelText('Buscar lojas'), 'nova');
    await userEvent.click(await within(drawer).findByText(/Loja Nova/));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Conceder aos selecionados' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Pontos extras concedidos a 1 loja (2 lojistas).'),
    );
    expect(sent.find((call) => call.url === '/cms/points-extra/add-by-documents')?.body).toEqual({
      idExtraPoint: 'c1',
      documents: ['12ABC34501DE35'],
    });
  });
});
