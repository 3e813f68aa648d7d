import { errorInside, fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../../app/test-session';
import { CustomersPage } from '../components/customers-page';

const DAY = 86_400_000;
const customer = (id: string, name: string, days: number, extra = {}) => ({
  id,
  active: true,
  data: { name, cpf: '52998224725', phone: '11987654321', email: `${id}@cliente.dev` },
  validUntil: new Date(Date.now() + days * DAY).toISOString(),
  expired: days <= 0,
  objectedAt: null,
  professional: { id: 'p1', name: 'Ana' },
  createdAt: '2026-01-10T12:00:00Z',
  ...extra,
});
const list = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];

jest.setTimeout(20_000);

describe('the customers screen', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
    signIn('professional');
  });

  it('lists name, masked CPF and phone, the days left, and marks the expired ones', async () => {
    fakeApi({ '/professionals/customers/get-all': list([customer('c1', 'Beatriz', 30), customer('c2', 'Caio', -3)]) });
    renderPage('/customers', ['/customers'], <CustomersPage />);
    expect(await screen.findByText('Beatriz')).toBeInTheDocument();
    expect(screen.getAllByText('529.982.247-25')).toHaveLength(2);
    expect(screen.getAllByText('(11) 98765-4321')).toHaveLength(2);
    expect(screen.getByText('30 dias restantes')).toBeInTheDocument();
    expect(screen.getByText(/^Vencido em \d{2}\/\d{2}\/\d{4}$/)).toHaveAttribute('data-row-badge', 'quaternary');
    expect(screen.queryByText(/dias restantes/, { selector: '[data-row-badge]' })).toBeNull();
  });

  it('marks a customer who objected, with no renewal', async () => {
    fakeApi({
      '/professionals/customers/get-all': list([
        customer('c1', 'Beatriz', 30),
        customer('c3', 'Diana', 90, { objectedAt: '2026-02-03T15:00:00Z' }),
      ]),
    });
    renderPage('/customers', ['/customers'], <CustomersPage />);
    expect(await screen.findByText('Opôs-se ao cadastro em 03/02/2026')).toHaveAttribute('data-row-badge', 'error');
    expect(screen.getByRole('button', { name: 'Renovar: Beatriz' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renovar: Diana' })).toBeNull();
  });

  it('renews a customer: PUT renew with its id, "Cliente renovado com sucesso!", and the list reloads', async () => {
    let renewed = false;
    const sent = fakeApi({
      '/professionals/customers/get-all': () => list([customer('c2', 'Caio', renewed ? 180 : -3)]),
      'PUT /professionals/customers/renew': () => {
        renewed = true;
        return [200, { msg: 'Cliente renovado com sucesso!' }];
      },
    });
    renderPage('/customers', ['/customers'], <CustomersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Renovar: Caio' }));
    expect(await screen.findByText('180 dias restantes')).toBeInTheDocument();
    expect(sent.find((call) => call.url === '/professionals/customers/renew')?.body).toEqual({ id: 'c2' });
    expect(toasts.shown.map((toast) => toast.message)).toContain('Cliente renovado com sucesso!');
  });

  it('registers a customer; a refusal keeps what was typed and shows the server msg', async () => {
    const sent = fakeApi({
      '/professionals/customers/get-all': list([]),
      '/professionals/customers/create': [
        409,
        { msg: 'Este cliente já está cadastrado por outro profissional.', code: 'customer-taken' },
      ],
    });
    renderPage('/customers', ['/customers'], <CustomersPage />);
    expect(await screen.findByText('Você ainda não cadastrou clientes.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Novo' }));
    const drawer = await screen.findByRole('dialog', { name: 'Novo cliente' });
    await userEvent.type(within(drawer).getByLabelText(/^Nome/), 'Daniela Souza');
    await userEvent.type(within(drawer).getByLabelText(/^CPF/), '52998224725');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await errorInside(drawer)).toContain('Este cliente já está cadastrado por outro profissional.');
    expect(sent.find((call) => call.url === '/professionals/customers/create')?.body).toEqual({
      data: { name: 'Daniela Souza', cpf: '52998224725' },
    });
    expect(within(drawer).getByLabelText(/^Nome/)).toHaveValue('Daniela Souza');
  });

  it('sends a shopkeeper back to the overview', async () => {
    signIn('shopkeeper', 'seller');
    fakeApi({});
    renderPage('/customers', ['/customers'], <CustomersPage />);
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
  });
});
