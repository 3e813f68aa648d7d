import { session } from '@especifica/mf-shared';
import { invoiceMessages } from '@especifica/mf-shared/contracts';
import { errorInside, expectTexts, fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoicesPage } from '../components/invoices-page';
import { pickProduct, products } from './catalogue';

/** When the sending form's module (and with it the form kit) is first evaluated. */
const formLoads: string[] = [];
jest.mock('../components/send-invoice-form', () => {
  formLoads.push('send-invoice-form');
  return jest.requireActual('../components/send-invoice-form');
});

const invoice = {
  id: 'inv-1',
  number: '4521',
  series: '1',
  accessKey: null,
  issuedOn: '2026-09-10',
  total: 2500,
  status: 'rejected',
  reason: 'Nota ilegível',
  points: 0,
  bonusPoints: 0,
  store: { id: 's1', name: 'Casa Moderna', cnpj: '11222333000181' },
  professional: { id: 'p1', name: 'Ana' },
  shopkeeper: null,
  customer: null,
  hasFile: true,
  submittedBy: 'professional',
  reviewedAt: '2026-09-12T12:00:00Z',
  createdAt: '2026-09-11T12:00:00Z',
  lines: [{ sku: 'PISO-1', description: 'Porcelanato', quantity: 1, total: 2500, participating: true }],
};
const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];
/** The invoice above, pending until its review deadline, with `changes`. */
const pending = <T extends object>(changes: T) => ({
  ...invoice,
  status: 'pending',
  reason: null,
  reviewedAt: null,
  reviewDeadline: '2026-12-03T15:00:00Z',
  ...changes,
});
/** Its timeline when it has only been sent, with `changes`. */
const sentTimeline = (changes: Record<string, unknown> = {}) =>
  [
    200,
    {
      id: 'inv-1',
      number: '4521',
      store: 'Casa Moderna',
      events: [{ action: 'sent', at: '2026-11-28T11:00:00Z', by: 'Ana', reason: null }],
      computation: { participatingTotal: 2500, pointsPerReal: 1, points: 0, bonusPoints: 0 },
      ...changes,
    },
  ] as [number, unknown];
const reading = {
  storeCnpj: '11222333000181',
  store: { id: 's1', name: 'Casa Moderna' },
  number: '9001',
  series: '3',
  issuedOn: '2026-11-20',
  accessKey: '35261111222333000181550030000090011000090012',
  customer: { cpf: '52998224725', name: 'Cliente da Silva' },
  total: 1250.5,
  lines: [
    { sku: 'PISO-01', description: 'Porcelanato 60x60', quantity: 10, total: 1000, participating: true },
    { sku: 'XYZ', description: 'Fora', quantity: 1, total: 250.5, participating: false },
  ],
};

const asUser = (userType: 'professional' | 'shopkeeper') =>
  session.setUser({
    _id: 'u1',
    name: 'Pessoa',
    email: 'x@especifica.dev',
    userType,
    shopkeeperType: userType === 'shopkeeper' ? 'seller' : null,
    accessToken: 'tok',
  } as never);

const xmlFile = () => new File(['<?xml version="1.0"?><nfeProc/>'], 'nota.xml', { type: 'text/xml' });

jest.setTimeout(30_000);

describe('the invoices page', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('draws the list without the sending form, and downloads it when someone is about to open it', async () => {
    asUser('professional');
    fakeApi({ '/professionals/invoices/get-all': page([invoice]) });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    await screen.findByText('NF 4521');
    expect(formLoads).toEqual([]);
    await userEvent.hover(screen.getByRole('button', { name: 'Enviar nota fiscal' }));
    await waitFor(() => expect(formLoads).toEqual(['send-invoice-form']));
  });

  it('lists the invoices with status and reason, and opens the timeline of one', async () => {
    asUser('professional');
    fakeApi({
      '/professionals/invoices/get-all': page([invoice]),
      '/professionals/invoices/inv-1/timeline': [
        200,
        {
          id: 'inv-1',
          number: '4521',
          store: 'Casa Moderna',
          events: [
            { action: 'sent', at: '2026-09-11T12:00:00Z', by: 'Ana', reason: null },
            { action: 'rejected', at: '2026-09-12T12:00:00Z', by: 'Administradora Demo', reason: 'Nota ilegível' },
          ],
          computation: { participatingTotal: 2500, pointsPerReal: 1, points: 0, bonusPoints: 0 },
        },
      ],
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    expect(await screen.findByText('NF 4521')).toBeInTheDocument();
    expect(screen.getAllByText('Reprovada').length).toBeGreaterThan(0);
    expect(screen.getByText('R$ 2.500,00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Linha do tempo' }));
    const timeline = await screen.findByTestId('invoice-timeline');
    expect(within(timeline).getByText('Por Administradora Demo')).toBeInTheDocument();
    expect(within(timeline).getByText('Motivo: Nota ilegível')).toBeInTheDocument();
  });

  it("lists a seller's sales with whom each was for and the points it gave the seller, not the professional's", async () => {
    asUser('shopkeeper');
    const approved = {
      ...invoice,
      status: 'approved',
      reason: null,
      points: 2500,
      professional: { id: 'p1', name: 'Ana Arquiteta' },
      submittedBy: 'shopkeeper',
      sellerPoints: 125.5,
    };
    const untold = { ...approved, id: 'inv-2', number: '4522', status: 'pending', awaitingDisclosure: true };
    fakeApi({ '/shopkeeper/invoices/get-all': page([approved, untold]) });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    const row = (await screen.findByText('NF 4521')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Para Ana Arquiteta');
    expect(row).not.toHaveTextContent('Casa Moderna');
    expect(screen.getByRole('columnheader', { name: /Seus pontos/ })).toBeInTheDocument();
    expect(row).toHaveTextContent('125,5');
    expect(row).not.toHaveTextContent('2.500 ');
    // Whose declaration a sale waits for: the professional's, not the seller's.
    const waiting = screen.getByText('NF 4522').closest('tr') as HTMLElement;
    expect(waiting).toHaveTextContent('Aguarda a declaração do profissional de que o cliente foi informado');
  });

  it("shows an approved invoice's computation in words, each figure with its plural, never a text's key", async () => {
    asUser('professional');
    const approved = { ...invoice, status: 'approved', reason: null, points: 2500, bonusPoints: 1 };
    fakeApi({
      '/professionals/invoices/get-all': page([approved]),
      '/professionals/invoices/inv-1/timeline': [
        200,
        {
          id: 'inv-1',
          number: '4521',
          store: 'Casa Moderna',
          events: [{ action: 'sent', at: '2026-09-11T12:00:00Z', by: 'Ana', reason: null }],
          computation: { participatingTotal: 2500, pointsPerReal: 1, points: 2500, bonusPoints: 1 },
        },
      ],
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    await screen.findByText('NF 4521');
    await userEvent.click(screen.getByRole('button', { name: 'Linha do tempo' }));
    const computation = await screen.findByTestId('invoice-computation');
    expect(computation).toHaveTextContent('(pontos por R$ 1,00) = 2.500 pontos');
    expect(computation).toHaveTextContent('+ 1 ponto de bônus de aceleradores');
    expect(computation).not.toHaveTextContent('extract.');
  });

  it('says until when a pending invoice is reviewed, and why the automatic review left it, rule by rule', async () => {
    asUser('professional');
    const rules = ['signature', 'store', 'buyer', 'issue-date', 'duplicate', 'risk-flags', 'total', 'hold'];
    const held = pending({
      signature: null,
      automaticReview: {
        outcome: 'held',
        at: '2026-11-28T12:00:00Z',
        rule: 'signature',
        label: 'Assinatura digital da loja válida',
        message:
          'A nota fiscal não veio no XML com a assinatura digital da loja, por isso será conferida pela nossa equipe.',
      },
    });
    fakeApi({
      '/professionals/invoices/get-all': page([held]),
      '/professionals/invoices/inv-1/timeline': sentTimeline({
        automaticReview: {
          ...held.automaticReview,
          rules: rules.map((rule) => ({ rule, label: `Regra ${rule}`, passed: rule !== 'signature' })),
        },
      }),
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    const row = (await screen.findByText('NF 4521')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Em análise até 03/12/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Linha do tempo' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByTestId('review-deadline')).toHaveTextContent('Em análise até 03/12/2026');
    expect(within(drawer).getByText(held.automaticReview.message)).toBeInTheDocument();
    expect(within(drawer).getByText('Sem assinatura')).toBeInTheDocument();
    const review = await within(drawer).findByTestId('automatic-review');
    const checks = within(review).getAllByRole('listitem');
    expect(checks).toHaveLength(8);
    expect(checks[0]).toHaveTextContent('Não cumpridaRegra signature');
    expect(checks[1]).toHaveTextContent('CumpridaRegra store');
  });

  it("asks Ana's declaration for an invoice whose buyer must be told first, and records it (rules per profession)", async () => {
    asUser('professional');
    const waiting = pending({ awaitingDisclosure: true });
    const sent = fakeApi({
      '/professionals/invoices/get-all': page([waiting]),
      '/professionals/invoices/inv-1/timeline': sentTimeline(),
      'POST /professionals/invoices/inv-1/declare-disclosure': [
        200,
        { msg: 'Declaração registrada. A nota fiscal segue para análise.' },
      ],
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    const row = (await screen.findByText('NF 4521')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Aguarda sua declaração de que o cliente foi informado');
    expect(row).not.toHaveTextContent('Em análise até');
    await userEvent.click(screen.getByRole('button', { name: 'Linha do tempo' }));
    const drawer = await screen.findByRole('dialog');
    const box = await within(drawer).findByTestId('disclosure');
    await userEvent.click(within(box).getByRole('button', { name: 'Declaro que informei o cliente' }));
    expect(await within(drawer).findByTestId('disclosure-declared')).toHaveTextContent('Declaração registrada');
    expect(sent.filter((call) => call.method === 'post').map((call) => call.url)).toEqual([
      '/professionals/invoices/inv-1/declare-disclosure',
    ]);
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain(
        'Declaração registrada. A nota fiscal segue para análise.',
      ),
    );
  });

  it('reads an NF-e XML and shows its fields to confirm before sending only the file', async () => {
    asUser('professional');
    const sent = fakeApi({
      '/professionals/invoices/get-all': page([]),
      '/professionals/invoices/read-nfe': [200, reading],
      '/professionals/invoices/create': [200, { msg: 'Nota fiscal enviada com sucesso!', item: invoice }],
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    await screen.findByText('Nenhuma nota fiscal enviada ainda.');
    // The empty list's next step opens the same sending form as the page's button.
    await userEvent.click(screen.getByRole('button', { name: 'Enviar a primeira nota fiscal' }));
    const drawer = await screen.findByRole('dialog', { name: 'Enviar nota fiscal' });
    await userEvent.upload(await within(drawer).findByLabelText('Arquivo da nota fiscal'), xmlFile());
    const shown = await within(drawer).findByTestId('nfe-reading');
    expectTexts(shown, [
      'Casa Moderna',
      '9001 · Série 3',
      '20/11/2026',
      'Cliente da Silva',
      '35261111222333000181550030000090011000090012',
      'PISO-01 · Porcelanato 60x60',
    ]);
    expect(sent.some((call) => call.url === '/professionals/invoices/create')).toBe(false);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Confirmar e enviar' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Nota fiscal enviada com sucesso!'),
    );
    const create = sent.find((call) => call.url === '/professionals/invoices/create')?.body as FormData;
    expect(create.get('file')).toBeInstanceOf(File);
    expect(create.get('number')).toBeNull();
  });

  it('asks the fields of a PDF, and keeps them with the API’s msg when it refuses a duplicate', async () => {
    asUser('professional');
    const sent = fakeApi({
      '/professionals/invoices/get-all': page([]),
      '/products/get-all': products,
      '/professionals/stores/get-all': page([{ id: 's1', name: 'Casa Moderna', cnpj: '11222333000181' }]),
      '/professionals/invoices/create': [
        409,
        { msg: 'Esta nota fiscal já foi enviada (mesma loja, número e série).', code: 'invoice-duplicate' },
      ],
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    await screen.findByText('Nenhuma nota fiscal enviada ainda.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar nota fiscal' }));
    const drawer = await screen.findByRole('dialog', { name: 'Enviar nota fiscal' });
    const pdf = new File(['%PDF-1.4'], 'nota.pdf', { type: 'application/pdf' });
    await userEvent.upload(await within(drawer).findByLabelText('Arquivo da nota fiscal'), pdf);
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Enviar nota fiscal' }));
    expect(await within(drawer).findByText('Digite o número da nota fiscal.')).toBeInTheDocument();
    expect(within(drawer).getByText('Informe a loja da nota fiscal.')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Loja' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Casa Moderna' }));
    await userEvent.type(within(drawer).getByLabelText('Número'), '4521');
    await userEvent.type(within(drawer).getByLabelText('Série'), '1');
    await userEvent.type(within(drawer).getByLabelText('Data de emissão'), '10092026');
    await pickProduct(drawer, 'areia', /Porcelanato Areia 60x60/);
    await userEvent.type(within(drawer).getByLabelText('Valor total da linha'), '2500');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Enviar nota fiscal' }));
    expect(await errorInside(drawer)).toContain('Esta nota fiscal já foi enviada (mesma loja, número e série).');
    const create = sent.find((call) => call.url === '/professionals/invoices/create')?.body as FormData;
    expect(create.get('storeId')).toBe('s1');
    expect(create.get('issuedOn')).toBe('2026-09-10');
    expect(JSON.parse(String(create.get('lines')))).toEqual([
      { sku: 'PISO-1', description: 'Porcelanato Areia 60x60', quantity: 1, total: 2500 },
    ]);
    expect(within(drawer).getByLabelText('Número')).toHaveValue('4521');
    expect(screen.getByRole('dialog', { name: 'Enviar nota fiscal' })).toBeInTheDocument();
  });

  it("stops, before sending, what the API would refuse: a PDF that is not one, a date after today, a key's check digit", async () => {
    asUser('professional');
    const sent = fakeApi({
      '/professionals/invoices/get-all': page([]),
      '/products/get-all': products,
      '/professionals/stores/get-all': page([{ id: 's1', name: 'Casa Moderna', cnpj: '11222333000181' }]),
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    await screen.findByText('Nenhuma nota fiscal enviada ainda.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar nota fiscal' }));
    const drawer = await screen.findByRole('dialog', { name: 'Enviar nota fiscal' });
    const renamed = new File(['GIF89a, not a PDF'], 'nota.pdf', { type: 'application/pdf' });
    await userEvent.upload(await within(drawer).findByLabelText('Arquivo da nota fiscal'), renamed);
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Loja' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Casa Moderna' }));
    await userEvent.type(within(drawer).getByLabelText('Número'), '4521');
    await userEvent.type(within(drawer).getByLabelText('Série'), '1');
    // Tomorrow, in São Paulo.
    const tomorrow = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' })
      .format(new Date(Date.now() + 86_400_000))
      .replace(/\D/g, '');
    await userEvent.type(within(drawer).getByLabelText('Data de emissão'), tomorrow);
    // A real key's last digit changed: its check digit no longer holds.
    await userEvent.type(
      within(drawer).getByLabelText('Chave de acesso (opcional)'),
      `${reading.accessKey.slice(0, 43)}3`,
    );
    await pickProduct(drawer, 'areia', /Porcelanato Areia 60x60/);
    await userEvent.type(within(drawer).getByLabelText('Valor total da linha'), '2500');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Enviar nota fiscal' }));
    expect(
      await within(drawer).findByText(
        'Envie a nota fiscal (PDF, imagem JPG, PNG ou WebP, ou o XML da NF-e) de até 10 MB.',
      ),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('A data de emissão não pode estar no futuro.')).toBeInTheDocument();
    expect(within(drawer).getByText(/dígito verificador/)).toBeInTheDocument();
    expect(sent.some((call) => call.url === '/professionals/invoices/create')).toBe(false);
  });

  it("picks each line's product by searching the catalogue, and sends no line without one", async () => {
    asUser('shopkeeper');
    const sent = fakeApi({
      '/shopkeeper/invoices/get-all': page([]),
      '/products/get-all': products,
      '/shopkeeper/professionals/lookup': [200, { id: 'p1', name: 'Ana Arquiteta' }],
      '/shopkeeper/invoices/create': [200, { msg: 'Nota fiscal enviada com sucesso!', item: invoice }],
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Registrar venda' }));
    const drawer = await screen.findByRole('dialog', { name: 'Registrar venda' });
    const photo = new File(['png'], 'nota.png', { type: 'image/png' });
    await userEvent.upload(within(drawer).getByLabelText('Arquivo da nota fiscal'), photo);
    await userEvent.type(within(drawer).getByLabelText('CPF ou e-mail do profissional'), 'ana@especifica.dev');
    await userEvent.type(within(drawer).getByLabelText('Número'), '4521');
    await userEvent.type(within(drawer).getByLabelText('Série'), '1');
    await userEvent.type(within(drawer).getByLabelText('Data de emissão'), '10092026');
    await userEvent.type(within(drawer).getByLabelText('Valor total da linha'), '2500');
    expect(within(drawer).queryByLabelText('Código (SKU)')).toBeNull();

    // No product picked: named beside the line, nothing sent.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Enviar nota fiscal' }));
    const product = within(drawer).getByRole('combobox', { name: 'Produto' });
    expect(product).toHaveAccessibleDescription(expect.stringContaining(invoiceMessages.product));
    expect(sent.some((call) => call.url === '/shopkeeper/invoices/create')).toBe(false);

    // By its brand, with the keyboard; then changed: another text forgets it, and another one is picked by its SKU.
    await userEvent.type(product, 'deca');
    expect(await screen.findByRole('option', { name: /Misturador Monocomando/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(product).toHaveValue('Misturador Monocomando (MET-1)');
    await pickProduct(drawer, 'piso-2', /Porcelanato Grafite 90x90/);
    expect(product).toHaveValue('Porcelanato Grafite 90x90 (PISO-2)');
    expect(sent.filter((call) => call.url === '/products/get-all').map((call) => call.params?.search)).toContain(
      'deca',
    );

    // A second line, picked by its name.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Adicionar produto' }));
    await pickProduct(drawer, 'areia', /Porcelanato Areia 60x60/, 1);
    await userEvent.type(within(drawer).getAllByLabelText('Valor total da linha')[1] as HTMLElement, '990');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Enviar nota fiscal' }));
    await waitFor(() => expect(sent.some((call) => call.url === '/shopkeeper/invoices/create')).toBe(true));
    const create = sent.find((call) => call.url === '/shopkeeper/invoices/create')?.body as FormData;
    expect(JSON.parse(String(create.get('lines')))).toEqual([
      { sku: 'PISO-2', description: 'Porcelanato Grafite 90x90', quantity: 1, total: 2500 },
      { sku: 'PISO-1', description: 'Porcelanato Areia 60x60', quantity: 1, total: 990 },
    ]);
  });

  it('lets a shopkeeper register a sale for a professional found by e-mail, with the customer’s CPF', async () => {
    asUser('shopkeeper');
    const sent = fakeApi({
      '/shopkeeper/invoices/get-all': page([]),
      '/shopkeeper/invoices/read-nfe': [200, reading],
      '/shopkeeper/invoices/create': [422, { msg: 'Profissional não encontrado: confira o CPF ou o e-mail.' }],
      '/shopkeeper/professionals/lookup': (_body, params) =>
        params.search === 'ana@especifica.dev'
          ? [200, { id: 'p1', name: 'Ana Arquiteta' }]
          : [404, { msg: 'Nenhum profissional do programa com este CPF ou e-mail.' }],
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    expect(await screen.findByRole('heading', { name: 'Vendas registradas' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Registrar venda' }));
    const drawer = await screen.findByRole('dialog', { name: 'Registrar venda' });
    await userEvent.upload(within(drawer).getByLabelText('Arquivo da nota fiscal'), xmlFile());
    await within(drawer).findByTestId('nfe-reading');
    // Who the sale is for, before sending: nobody for an e-mail of nobody, then Ana's name for hers.
    const who = within(drawer).getByLabelText('CPF ou e-mail do profissional');
    await userEvent.type(who, 'ninguem@exemplo.com.br');
    expect(await within(drawer).findByTestId('sale-professional')).toHaveTextContent(
      'Nenhum profissional do programa com este CPF ou e-mail.',
    );
    await userEvent.clear(who);
    await userEvent.type(who, 'ana@especifica.dev');
    await waitFor(() =>
      expect(within(drawer).getByTestId('sale-professional')).toHaveTextContent('Venda para Ana Arquiteta.'),
    );
    await userEvent.type(within(drawer).getByLabelText('CPF do cliente'), '52998224725');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Confirmar e enviar' }));
    // Inside the drawer: a toast beside it was taken for a button that did nothing.
    expect(await errorInside(drawer)).toContain('Profissional não encontrado: confira o CPF ou o e-mail.');
    const create = sent.find((call) => call.url === '/shopkeeper/invoices/create')?.body as FormData;
    expect(create.get('professionalEmail')).toBe('ana@especifica.dev');
    expect(create.get('customerCpf')).toBe('52998224725');
    expect(within(drawer).getByLabelText('CPF ou e-mail do profissional')).toHaveValue('ana@especifica.dev');
  });
});
