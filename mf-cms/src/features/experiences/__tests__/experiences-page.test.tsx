import { expectTexts, fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CategoriesPage } from '../components/categories-page';
import { ExperiencesPage } from '../components/experiences-page';

const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];
const category = {
  id: 'k1',
  name: 'Viagens técnicas',
  type: 'professional',
  active: true,
  experiences: 1,
  createdAt: '2026-01-01T12:00:00Z',
};
const experience = {
  id: 'e1',
  name: 'Viagem a Milão',
  description: 'Salone del Mobile',
  place: 'Milão',
  happensAt: '2026-12-10T13:00:00.000Z',
  image: '/experiences/e1/image',
  seats: 10,
  seatsTaken: 2,
  seatsLeft: 8,
  minLevel: { id: 'l2', name: 'Ouro' },
  points: 500,
  attendancePoints: 25,
  category: { id: 'k1', name: 'Viagens técnicas', type: 'professional' },
  active: true,
  createdAt: '2026-10-01T12:00:00Z',
  qrCodePath: '/experiences/qrcode/e1/segredo123',
};
const subscriber = (id: string, name: string, attendedAt: string | null) => ({
  id,
  experience: { id: 'e1', name: experience.name, happensAt: experience.happensAt },
  participant: { kind: 'professional', id: `p-${id}`, name, email: `${id}@especifica.dev` },
  status: 'subscribed',
  points: 500,
  attendedAt,
  createdAt: '2026-11-01T12:00:00Z',
});
const render = () =>
  renderPage(
    '/cms/professionals/experiences',
    ['/cms/professionals/experiences'],
    <ExperiencesPage audience="professional" />,
  );

jest.setTimeout(40_000);

describe('the experiences screen', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it("lists the audience's experiences with category, date, place, cost, seats and minimum level", async () => {
    const sent = fakeApi({
      '/cms/experiences/get-all': page([experience]),
      '/cms/experiences-categories/get-all': page([category]),
    });
    render();
    const row = (await screen.findByText('Viagem a Milão')).closest('tr') as HTMLElement;
    expectTexts(row, ['Viagens técnicas', '10/12/2026', 'Milão', '500', '2 de 10', 'Ouro']);
    expect(sent.find((call) => call.url === '/cms/experiences/get-all')?.params).toMatchObject({
      type: 'professional',
    });
  });

  it('shows the empty state and the error with a retry', async () => {
    fakeApi({ '/cms/experiences/get-all': page([]), '/cms/experiences-categories/get-all': page([]) });
    render();
    expect(await screen.findByText('Nenhuma experiência cadastrada ainda.')).toBeInTheDocument();
    fakeApi({
      '/cms/experiences/get-all': [500, { msg: 'Fora do ar.' }],
      '/cms/experiences-categories/get-all': page([]),
    });
    render();
    expect(await screen.findByTestId('error-state')).toHaveTextContent('Fora do ar.');
  });

  it('creates an experience with its image and says "Experiência cadastrada com sucesso!"', async () => {
    const sent = fakeApi({
      '/cms/experiences/get-all': page([]),
      '/cms/experiences-categories/get-all': page([category]),
      '/cms/config/get-levels': [
        200,
        { items: [{ id: 'l2', name: 'Ouro', points: 1000, sublevels: 3, benefits: '' }] },
      ],
      '/cms/experiences/create': [200, { msg: 'Experiência cadastrada com sucesso!', item: experience }],
    });
    render();
    await screen.findByText('Nenhuma experiência cadastrada ainda.');
    await userEvent.click(screen.getByRole('button', { name: 'Novo' }));
    const drawer = await screen.findByRole('dialog', { name: 'Nova experiência' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Digite o nome da experiência.')).toBeInTheDocument();
    expect(within(drawer).getByText('Selecione a categoria.')).toBeInTheDocument();
    expect(within(drawer).getByText('Digite a hora como HH:MM.')).toBeInTheDocument();
    expect(within(drawer).getByText('Digite quantas vagas a experiência tem (de 0 a 100.000).')).toBeInTheDocument();

    const image = new File([new Uint8Array([137, 80, 78, 71])], 'milao.png', { type: 'image/png' });
    await userEvent.upload(within(drawer).getByLabelText('Imagem'), image);
    await userEvent.type(within(drawer).getByLabelText('Nome da experiência'), 'Viagem a Milão');
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Categoria' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Viagens técnicas' }));
    await userEvent.type(within(drawer).getByLabelText('Local'), 'Milão');
    await userEvent.type(within(drawer).getByLabelText('Data (DD/MM/AAAA)'), '10122026');
    await userEvent.type(within(drawer).getByLabelText('Hora (HH:MM)'), '10:00');
    await userEvent.type(within(drawer).getByLabelText('Vagas'), '10');
    const cost = within(drawer).getByLabelText('Custo em pontos');
    await userEvent.clear(cost);
    await userEvent.type(cost, '500');
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Nível mínimo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ouro' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Experiência cadastrada com sucesso!'),
    );
    const form = sent.find((call) => call.url === '/cms/experiences/create')?.body as FormData;
    expect(form.get('image')).toBeInstanceOf(File);
    expect(form.get('name')).toBe('Viagem a Milão');
    expect(form.get('categoryId')).toBe('k1');
    expect(form.get('happensAt')).toBe('2026-12-10T10:00:00-03:00');
    expect(form.get('seats')).toBe('10');
    expect(form.get('points')).toBe('500');
    expect(form.get('minLevelId')).toBe('l2');
  });

  it('replaces the image of an experience from its edit form, and says why a file that is not an image is refused', async () => {
    let tries = 0;
    const sent = fakeApi({
      '/cms/experiences/get-all': page([experience]),
      '/cms/experiences-categories/get-all': page([category]),
      '/cms/config/get-levels': [200, { items: [] }],
      '/cms/experiences/e1/update': () =>
        tries++ === 0
          ? [
              422,
              {
                msg: 'Envie uma imagem JPG, PNG ou WebP de até 5 MB.',
                code: 'image-type',
                data: [{ field: 'image', message: 'Envie uma imagem JPG, PNG ou WebP de até 5 MB.' }],
              },
            ]
          : [200, { msg: 'Experiência atualizada com sucesso!', item: experience }],
    });
    render();
    const row = (await screen.findByText('Viagem a Milão')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    const drawer = await screen.findByRole('dialog', { name: 'Editar experiência' });
    expect(within(drawer).getByRole('img', { name: 'Imagem atual de Viagem a Milão' })).toHaveAttribute(
      'src',
      '/experiences/e1/image',
    );
    expect(drawer).toHaveTextContent('Envie outra imagem para substituir a atual');
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'nova.png', { type: 'image/png' });
    await userEvent.upload(within(drawer).getByLabelText('Nova imagem'), image);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Envie uma imagem JPG, PNG ou WebP de até 5 MB.')).toBeInTheDocument();
    await userEvent.upload(within(drawer).getByLabelText('Nova imagem'), image);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Experiência atualizada com sucesso!'),
    );
    const form = sent.filter((call) => call.url === '/cms/experiences/e1/update').at(-1)?.body as FormData;
    expect(form.get('image')).toBeInstanceOf(File);
    expect(form.get('name')).toBe('Viagem a Milão');
    expect(form.get('description')).toBe('Salone del Mobile');
    expect(form.get('happensAt')).toBe('2026-12-10T10:00:00-03:00');
    expect(form.get('minLevelId')).toBe('l2');
  });

  it('shows the subscribers with attendance and the attendance QR, and cancels one subscription with a refund', async () => {
    let cancelled = false;
    const sent = fakeApi({
      '/cms/experiences/get-all': page([experience]),
      '/cms/experiences-categories/get-all': page([category]),
      '/cms/professionals/get-subscribers': () =>
        page([
          subscriber('s1', 'Ana Arquiteta', '2026-12-10T13:30:00.000Z'),
          cancelled
            ? { ...subscriber('s2', 'Eduardo Engenheiro', null), status: 'cancelled' }
            : subscriber('s2', 'Eduardo Engenheiro', null),
        ]),
      '/cms/experiences/cancel-subscription': () => {
        cancelled = true;
        return [200, { msg: 'Inscrição cancelada e pontos devolvidos ao participante.', cancelled: 1 }];
      },
    });
    render();
    const row = (await screen.findByText('Viagem a Milão')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Inscritos' }));
    const drawer = await screen.findByRole('dialog', { name: 'Viagem a Milão' });
    expect(
      await within(drawer).findByRole('img', { name: 'QR code de presença de Viagem a Milão' }),
    ).toBeInTheDocument();
    const list = await within(drawer).findByTestId('subscribers');
    expectTexts(list, ['Ana Arquiteta', 'Presente (10/12/2026', 'Presença não confirmada']);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancelar a inscrição de Eduardo Engenheiro' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('os 500 pontos pagos voltam ao saldo de Eduardo Engenheiro');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar inscrição' }));
    expect(await within(drawer).findByText('Cancelada')).toBeInTheDocument();
    expect(sent.find((call) => call.url === '/cms/experiences/cancel-subscription')?.body).toEqual({ id: 's2' });
  });

  it('cancels the whole experience after saying every subscriber is refunded and told', async () => {
    const sent = fakeApi({
      '/cms/experiences/get-all': page([experience]),
      '/cms/experiences-categories/get-all': page([category]),
      '/cms/professionals/get-subscribers': page([]),
      '/cms/experiences/cancel': [
        200,
        { msg: 'Experiência cancelada: 2 inscrições canceladas com os pontos devolvidos.', cancelled: 2 },
      ],
    });
    render();
    const row = (await screen.findByText('Viagem a Milão')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Inscritos' }));
    const drawer = await screen.findByRole('dialog', { name: 'Viagem a Milão' });
    expect(await within(drawer).findByText('Ninguém se inscreveu ainda.')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancelar experiência' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('as 2 inscrições são canceladas');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar experiência' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain(
        'Experiência cancelada: 2 inscrições canceladas com os pontos devolvidos.',
      ),
    );
    expect(sent.find((call) => call.url === '/cms/experiences/cancel')?.body).toEqual({ id: 'e1' });
  });
});

describe('the experience categories screen', () => {
  it('creates a category of the audience and lists it', async () => {
    let created = false;
    const sent = fakeApi({
      '/cms/experiences-categories/get-all': () => page(created ? [category] : []),
      '/cms/experiences-categories/create': () => {
        created = true;
        return [200, { msg: 'Criado com sucesso!', item: category }];
      },
    });
    renderPage(
      '/cms/shopkeepers/experiences-types',
      ['/cms/shopkeepers/experiences-types'],
      <CategoriesPage audience="shopkeeper" />,
    );
    expect(await screen.findByText('Nenhuma categoria cadastrada ainda.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Novo' }));
    const drawer = await screen.findByRole('dialog', { name: 'Nova categoria' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Digite o nome da categoria.')).toBeInTheDocument();
    await userEvent.type(within(drawer).getByLabelText('Nome da categoria'), 'Viagens técnicas');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Viagens técnicas')).toBeInTheDocument();
    expect(sent.find((call) => call.url === '/cms/experiences-categories/create')?.body).toEqual({
      name: 'Viagens técnicas',
      type: 'shopkeeper',
    });
    expect(sent.find((call) => call.url === '/cms/experiences-categories/get-all')?.params).toMatchObject({
      type: 'shopkeeper',
    });
  });
});
