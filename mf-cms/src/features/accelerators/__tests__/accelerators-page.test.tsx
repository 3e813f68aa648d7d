import { fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AcceleratorsPage } from '../components/accelerators-page';

const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];
const DAY = 86_400_000;
const accelerator = {
  id: 'a1',
  name: 'Deca em dobro',
  description: '',
  multiplier: 2,
  targetType: 'brand',
  targetValue: 'Deca',
  targetLabel: 'Deca',
  startsAt: new Date(Date.now() - DAY).toISOString(),
  endsAt: new Date(Date.now() + 10 * DAY).toISOString(),
  active: true,
  createdAt: '2026-10-01T12:00:00Z',
};
const past = {
  ...accelerator,
  id: 'a2',
  name: 'Black Friday',
  multiplier: 1.5,
  startsAt: '2025-11-20T03:00:00.000Z',
  endsAt: '2025-12-01T03:00:00.000Z',
};
const render = (url = '/cms/accelerators') => renderPage(url, ['/cms/accelerators'], <AcceleratorsPage />);

jest.setTimeout(30_000);

describe('the accelerators screen', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('lists running and past accelerators with target, multiplier and where their period stands', async () => {
    fakeApi({ '/cms/accelerators/get-all': page([accelerator, past]) });
    render();
    const running = (await screen.findByText('Deca em dobro')).closest('tr') as HTMLElement;
    expect(running).toHaveTextContent('Marca');
    expect(running).toHaveTextContent('× 2');
    expect(running).toHaveTextContent('Em andamento');
    const over = screen.getByText('Black Friday').closest('tr') as HTMLElement;
    expect(over).toHaveTextContent('× 1,5');
    expect(over).toHaveTextContent('De 20/11/2025 a 30/11/2025');
    expect(over).toHaveTextContent('Encerrado');
  });

  it('asks the server for the past ones when the period filter says so, and keeps it in the URL', async () => {
    const sent = fakeApi({ '/cms/accelerators/get-all': page([past]) });
    render('/cms/accelerators?when=past');
    await screen.findByText('Black Friday');
    expect(sent[0]?.params).toMatchObject({ when: 'past', sort: '-startsAt' });
    expect(screen.getByLabelText('Período')).toHaveValue('past');
  });

  it('shows the empty state and the error with a retry', async () => {
    fakeApi({ '/cms/accelerators/get-all': page([]) });
    render();
    expect(await screen.findByText('Nenhum acelerador cadastrado ainda.')).toBeInTheDocument();
    fakeApi({ '/cms/accelerators/get-all': [500, { msg: 'Sem conexão.' }] });
    render();
    expect(await screen.findByTestId('error-state')).toHaveTextContent('Sem conexão.');
  });

  it('creates an accelerator on a brand and says "Acelerador cadastrado com sucesso!"', async () => {
    const sent = fakeApi({
      '/cms/accelerators/get-all': page([]),
      '/products/get-all-brands': page([
        { name: 'Deca', products: 3 },
        { name: 'Portobello', products: 2 },
      ]),
      '/cms/accelerators/create': [200, { msg: 'Acelerador cadastrado com sucesso!', item: accelerator }],
    });
    render();
    await screen.findByText('Nenhum acelerador cadastrado ainda.');
    await userEvent.click(screen.getByRole('button', { name: 'Novo' }));
    const drawer = await screen.findByRole('dialog', { name: 'Novo acelerador' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Digite o nome do acelerador.')).toBeInTheDocument();
    expect(
      within(drawer).getByText('O multiplicador vai de 1,01 a 100, com até duas casas decimais.'),
    ).toBeInTheDocument();
    expect(
      within(drawer).getByText('Selecione a que o acelerador se aplica: produto, marca, categoria ou loja.'),
    ).toBeInTheDocument();

    await userEvent.type(within(drawer).getByLabelText('Nome do acelerador'), 'Deca em dobro');
    await userEvent.type(within(drawer).getByLabelText('Multiplicador'), '1');
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Aplica-se a' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Marca' }));
    await userEvent.click(await within(drawer).findByRole('combobox', { name: 'Marca' }));
    // The brands of the catalogue, each with how many products it has; the chosen one reads in the box.
    expect(
      await within(drawer).findByRole('option', { name: /Portobello.*2 produtos no catálogo/ }),
    ).toBeInTheDocument();
    await userEvent.click(await within(drawer).findByRole('option', { name: /^Deca/ }));
    expect(within(drawer).getByRole('combobox', { name: 'Marca' })).toHaveValue('Deca');
    await userEvent.type(within(drawer).getByLabelText('Início (DD/MM/AAAA)'), '01122026');
    await userEvent.type(within(drawer).getByLabelText('Fim (DD/MM/AAAA)'), '31122026');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(drawer).findByText('O multiplicador vai de 1,01 a 100, com até duas casas decimais.'),
    ).toBeInTheDocument();
    const multiplier = within(drawer).getByLabelText('Multiplicador');
    await userEvent.clear(multiplier);
    await userEvent.type(multiplier, '2');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Acelerador cadastrado com sucesso!'),
    );
    expect(sent.find((call) => call.url === '/cms/accelerators/create')?.body).toEqual({
      name: 'Deca em dobro',
      description: '',
      multiplier: 2,
      targetType: 'brand',
      targetValue: 'Deca',
      startsAt: '2026-12-01T00:00:00-03:00',
      endsAt: '2027-01-01T03:00:00.000Z',
    });
  });

  it('edits an accelerator and says "Acelerador atualizado com sucesso!"', async () => {
    const sent = fakeApi({
      '/cms/accelerators/get-all': page([accelerator]),
      '/products/get-all-brands': page([{ name: 'Deca', products: 3 }]),
      '/cms/accelerators/update': [200, { msg: 'Acelerador atualizado com sucesso!', item: accelerator }],
    });
    render();
    const row = (await screen.findByText('Deca em dobro')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    const drawer = await screen.findByRole('dialog', { name: 'Editar acelerador' });
    expect(within(drawer).getByLabelText('Nome do acelerador')).toHaveValue('Deca em dobro');
    const multiplier = within(drawer).getByLabelText('Multiplicador');
    await userEvent.clear(multiplier);
    await userEvent.type(multiplier, '3,5');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Acelerador atualizado com sucesso!'),
    );
    expect(sent.find((call) => call.url === '/cms/accelerators/update')?.body).toMatchObject({
      id: 'a1',
      multiplier: 3.5,
      targetType: 'brand',
      targetValue: 'Deca',
    });
  });
});
