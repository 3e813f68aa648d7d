import { session } from '@especifica/mf-shared';
import { fakeApi, recordToasts, renderPage, sheetRules } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AttendancePage } from '../components/attendance-page';
import { ExperienceDetailPage } from '../components/experience-detail-page';
import { ExperiencesPage } from '../components/experiences-page';

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const experience = (id: string, name: string, extra: object = {}) => ({
  id,
  name,
  description: 'Uma tarde com fornecedores.',
  place: 'São Paulo',
  happensAt: future(30),
  image: null,
  seats: 20,
  seatsTaken: 5,
  seatsLeft: 15,
  minLevel: null,
  points: 500,
  attendancePoints: 0,
  category: { id: 'c1', name: 'Workshops', type: 'professional' },
  active: true,
  createdAt: '2026-01-01T12:00:00Z',
  subscribed: false,
  eligible: true,
  ...extra,
});
const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 100 }] as [number, unknown];
const categories = page([
  { id: 'c1', name: 'Workshops' },
  { id: 'c2', name: 'Viagens' },
]);

function logIn(shopkeeperType: string | null = null, points = 1200) {
  session.setUser({
    _id: 'p1',
    name: 'Ana',
    email: 'ana@especifica.dev',
    userType: shopkeeperType ? 'shopkeeper' : 'professional',
    shopkeeperType,
    accessToken: 'tok',
  } as never);
  session.setScore({ level: 'Prata', points, sublevel: 1 });
}

jest.setTimeout(30_000);

describe('the experiences pages', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('shows each state of the catalogue: subscribed, sold out, level too low and balance too low', async () => {
    logIn();
    fakeApi({
      '/professionals/experiences/get-all-categories': categories,
      '/professionals/experiences/get-all': page([
        experience('e1', 'Workshop de iluminação', { subscribed: true }),
        experience('e2', 'Jantar com designers', { seatsLeft: 0 }),
        experience('e3', 'Viagem ao Salone', { eligible: false, minLevel: { id: 'l', name: 'Diamante' } }),
        experience('e4', 'Curso caro', { points: 5000 }),
        experience('e5', 'Palestra aberta'),
      ]),
    });
    renderPage('/experiences', ['/experiences'], <ExperiencesPage />);
    const cards = await screen.findAllByTestId('experience-card');
    const stateOf = (index: number) =>
      within(cards[index] as HTMLElement).queryByTestId('experience-state')?.textContent;
    expect([0, 1, 2, 3, 4].map(stateOf)).toEqual([
      'Inscrito',
      'Esgotada',
      'Nível Diamante necessário',
      'Saldo insuficiente',
      undefined,
    ]);
    expect(within(cards[1] as HTMLElement).getByRole('button', { name: 'Inscrever-se' })).toBeDisabled();
    expect(within(cards[4] as HTMLElement).getByRole('button', { name: 'Inscrever-se' })).toBeEnabled();
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'Cancelar inscrição' })).toBeInTheDocument();
  });

  it('filters by category and by month on the server, both kept in the URL', async () => {
    logIn();
    const sent = fakeApi({
      '/professionals/experiences/get-all-categories': categories,
      '/professionals/experiences/get-all': (_, params) =>
        page(
          params.categoryId === 'c2'
            ? [experience('e9', 'Viagem a Milão', { happensAt: '2027-04-10T12:00:00Z' })]
            : params.month === '2027-05'
              ? [experience('e2', 'Workshop de maio', { happensAt: '2027-05-02T12:00:00Z' })]
              : [
                  experience('e1', 'Workshop de abril', { happensAt: '2027-04-02T12:00:00Z' }),
                  experience('e2', 'Workshop de maio', { happensAt: '2027-05-02T12:00:00Z' }),
                ],
        ),
    });
    renderPage('/experiences?month=2027-05', ['/experiences'], <ExperiencesPage />);
    expect(await screen.findByText('Workshop de maio')).toBeInTheDocument();
    expect(screen.queryByText('Workshop de abril')).toBeNull();
    // The month goes to the API (which knows every experience, not just the first page), never filtered here.
    expect(
      sent.filter((call) => call.url === '/professionals/experiences/get-all').map((call) => call.params?.month),
    ).toContain('2027-05');
    // The URL's month is a choice even when it is past the next twelve months.
    expect(screen.getByLabelText('Mês')).toHaveValue('2027-05');
    await userEvent.selectOptions(screen.getByLabelText('Mês'), '');
    expect(await screen.findByText('Workshop de abril')).toBeInTheDocument();
    expect(
      sent.filter((call) => call.url === '/professionals/experiences/get-all').at(-1)?.params?.month,
    ).toBeUndefined();
    await userEvent.selectOptions(screen.getByLabelText('Categoria'), 'c2');
    expect(await screen.findByText('Viagem a Milão')).toBeInTheDocument();
    expect(sent.some((call) => call.params?.categoryId === 'c2')).toBe(true);
  });

  it('says one point in the singular, and a balance of nothing as 0 pontos', async () => {
    logIn(null, 1);
    fakeApi({
      '/professionals/experiences/get-one/e6': [200, experience('e6', 'Café com fornecedores', { points: 1 })],
    });
    renderPage('/experiences/e6', ['/experiences/:id'], <ExperienceDetailPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Inscrever-se' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Custo: 1 ponto.');
    expect(dialog).toHaveTextContent('Seu saldo depois da inscrição: 0 pontos.');
  });

  it('confirms a subscription with its cost and the balance after, and drops the header balance at once', async () => {
    logIn(null, 1200);
    let subscribed = false;
    const sent = fakeApi({
      '/professionals/experiences/get-one/e5': () => [200, experience('e5', 'Palestra aberta', { subscribed })],
      '/professionals/experiences/subscribe': () => {
        subscribed = true;
        return [
          200,
          { msg: 'Inscrição realizada com sucesso!', item: experience('e5', 'Palestra aberta', { subscribed }) },
        ];
      },
    });
    renderPage('/experiences/e5', ['/experiences/:id'], <ExperienceDetailPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Inscrever-se' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Custo: 500 pontos.');
    expect(dialog).toHaveTextContent('Seu saldo depois da inscrição: 700 pontos.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Inscrever-se' }));
    await waitFor(() => expect(session.value.score?.points).toBe(700));
    expect(sent.find((call) => call.url === '/professionals/experiences/subscribe')?.body).toEqual({
      experienceId: 'e5',
    });
    expect(toasts.shown.map((toast) => toast.message)).toContain('Inscrição realizada com sucesso!');
    expect(await screen.findByRole('button', { name: 'Cancelar inscrição' })).toBeInTheDocument();
    // The subscription's moment: what happened, the balance after it and the next steps.
    const moment = await screen.findByTestId('celebration');
    expect(moment).toHaveAttribute('role', 'status');
    expect(within(moment).getByRole('heading', { name: 'Inscrição confirmada' })).toBeInTheDocument();
    expect(moment).toHaveTextContent(/Você está inscrito em Palestra aberta, em \d{2}\/\d{2}\/\d{4}\./);
    expect(within(moment).getByTestId('celebration-balance')).toHaveTextContent('Seu saldo agora: 700 pontos');
    expect(within(moment).getByRole('link', { name: 'Ver minhas inscrições' })).toHaveAttribute(
      'href',
      '/experiences?view=mine',
    );
    expect(moment.querySelector('svg')).toHaveAttribute('data-drawing', 'experience');
    await userEvent.click(within(moment).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByTestId('celebration')).toBeNull());
  });

  it('cancels a subscription before the date and gives the points back', async () => {
    logIn(null, 700);
    fakeApi({
      '/professionals/experiences/get-all-categories': categories,
      '/professionals/experiences/get-all': page([experience('e5', 'Palestra aberta', { subscribed: true })]),
      '/professionals/experiences/cancel': [
        200,
        { msg: 'Inscrição cancelada e pontos devolvidos.', item: experience('e5', 'x') },
      ],
    });
    renderPage('/experiences?view=mine', ['/experiences'], <ExperiencesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar inscrição' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Os 500 pontos voltam para o seu saldo.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar inscrição' }));
    await waitFor(() => expect(session.value.score?.points).toBe(1200));
    expect(toasts.shown.map((toast) => toast.message)).toContain('Inscrição cancelada e pontos devolvidos.');
  });

  it('shows the API’s msg when a subscription is refused, and leaves the balance as it was', async () => {
    logIn(null, 1200);
    fakeApi({
      '/professionals/experiences/get-one/e2': [200, experience('e2', 'Jantar')],
      '/professionals/experiences/subscribe': [409, { msg: 'Não há mais vagas nesta experiência.', code: 'sold-out' }],
    });
    renderPage('/experiences/e2', ['/experiences/:id'], <ExperienceDetailPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Inscrever-se' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Inscrever-se' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Não há mais vagas nesta experiência.'),
    );
    expect(session.value.score?.points).toBe(1200);
  });

  it('sends a consultant back to the overview', async () => {
    logIn('consultant');
    fakeApi({
      '/professionals/experiences/get-all-categories': categories,
      '/professionals/experiences/get-all': page([]),
    });
    renderPage('/experiences', ['/experiences'], <ExperiencesPage />);
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
  });

  it('confirms attendance from the QR code and shows the points given', async () => {
    logIn();
    const sent = fakeApi({
      'POST /professionals/experiences/subscribe-qrcode/e1/abcdefgh12': [
        200,
        { msg: 'Presença confirmada! Você ganhou pontos extras.', points: 150 },
      ],
    });
    renderPage('/experiences/qrcode/e1/abcdefgh12', ['/experiences/qrcode/:experienceId/:code'], <AttendancePage />);
    const confirmed = await screen.findByTestId('attendance-confirmed');
    expect(confirmed).toHaveTextContent('Presença confirmada! Você ganhou pontos extras.');
    expect(confirmed).toHaveTextContent('Você ganhou 150 pontos.');
    expect(sent.filter((call) => call.url?.includes('subscribe-qrcode'))).toHaveLength(1);
  });

  it('sends a logged-out visitor of the QR code to the login, which brings them back', async () => {
    session.clearUser();
    renderPage('/experiences/qrcode/e1/abcdefgh12', ['/experiences/qrcode/:experienceId/:code'], <AttendancePage />);
    expect(await screen.findByTestId('where')).toHaveTextContent(
      `/login?redirect=${encodeURIComponent('/experiences/qrcode/e1/abcdefgh12')}`,
    );
  });
});

describe("an experience's picture", () => {
  it('keeps a 16:9 box, sized before the file arrives, cropped to fill, and waits near the screen in a card', async () => {
    logIn();
    fakeApi({
      '/professionals/experiences/get-all-categories': categories,
      '/professionals/experiences/get-all': page([
        experience('e1', 'Workshop de iluminação', { image: '/api/experiences/e1/image?v=1' }),
        experience('e2', 'Jantar com designers'),
      ]),
    });
    renderPage('/experiences', ['/experiences'], <ExperiencesPage />);
    await screen.findByText('Workshop de iluminação');
    const [withImage, without] = screen.getAllByTestId('experience-picture');
    const img = withImage?.querySelector('img');
    expect(img).toHaveAttribute('src', '/api/experiences/e1/image?v=1');
    expect(img).toHaveAttribute('width', '480');
    expect(img).toHaveAttribute('height', '270');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('alt', '');
    // The box without a picture keeps the same ratio, so the cards of a row line up.
    expect(without?.querySelector('img')).toBeNull();
    const rules = sheetRules().join('\n');
    for (const box of [withImage, without]) {
      const classes = [...(box?.classList ?? [])].map((name) => `.${name}`);
      expect(
        classes.some((name) =>
          rules.match(new RegExp(`${name}\\s*\\{[^}]*aspect-ratio: ?(16 ?/ ?9|var\\(--chakra-aspect-ratios-wide\\))`)),
        ),
      ).toBe(true);
    }
    expect(img).toHaveStyle({ objectFit: 'cover', width: '100%', height: '100%' });
  });
});
