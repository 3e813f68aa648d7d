import type { Invoice } from '@especifica/mf-shared/contracts';
import { errorInside, expectTexts, fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ana } from '../../professionals/__tests__/fixtures';
import { InvoicesPage, ProfessionalsInvoicesPage, ShopkeepersInvoicesPage } from '../components/invoices-page';

const STORE = '0b6f6c1e-4a57-4c0e-9a55-3f7f2f7d1a01';
const pending: Invoice = {
  id: 'n1',
  number: '1234',
  series: '1',
  accessKey: null,
  issuedOn: '2026-11-02',
  total: 1500,
  status: 'pending',
  reason: null,
  points: 1500,
  bonusPoints: 0,
  store: { id: STORE, name: 'Casa & Cia Centro', cnpj: '11222333000181' },
  professional: { id: 'p1', name: 'Ana Arquiteta' },
  shopkeeper: null,
  customer: null,
  hasFile: true,
  submittedBy: 'professional',
  reviewedAt: null,
  createdAt: '2026-11-03T12:00:00Z',
  lines: [
    { sku: 'PORC-01', description: 'Porcelanato 60x60', quantity: 10, total: 1200, participating: true },
    { sku: 'ARG-9', description: 'Argamassa', quantity: 5, total: 300, participating: false },
  ],
};
const approved: Invoice = { ...pending, id: 'n2', number: '777', status: 'approved', points: 900 };
const page = (items: Invoice[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];
const stores = [200, { items: [{ id: STORE, name: 'Casa & Cia Centro' }], total: 1, page: 1, limit: 100 }] as [
  number,
  unknown,
];

const timelineOf = (id: string, balance: number, events: object[] = []) => ({
  [`/cms/professionals/invoices/${id}/timeline`]: [
    200,
    {
      id,
      number: '1234',
      store: 'Casa & Cia Centro',
      events: [{ action: 'sent', at: '2026-11-03T12:00:00Z', by: 'Ana Arquiteta', reason: null }, ...events],
      computation: { participatingTotal: 1200, pointsPerReal: 1, points: 900, bonusPoints: 0 },
      professional: { name: 'Ana Arquiteta', balance },
      linePoints: [1200, 0],
      linePointsCredited: id !== 'n1',
    },
  ] as [number, unknown],
});

async function openInvoice(number: string) {
  const row = (await screen.findByText(number)).closest('tr') as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: 'Abrir' }));
  return screen.findByRole('dialog', { name: `Nota fiscal ${number}/1` });
}

jest.setTimeout(20_000);

describe('the invoice review queue', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
    // jsdom has no blob URLs: the file shown inline gets a stand-in.
    Object.assign(URL, { createObjectURL: () => 'blob:nota', revokeObjectURL: () => {} });
  });

  it('asks the pending first, the oldest first, and sends the filters chosen in the URL', async () => {
    const sent = fakeApi({
      '/cms/professionals/invoices/get-all': page([pending]),
      '/cms/stores/get-all': stores,
    });
    renderPage(`/invoices?status=pending&storeId=${STORE}`, ['/invoices'], <InvoicesPage />);
    expect(await screen.findByText('Ana Arquiteta')).toBeInTheDocument();
    // A pending invoice has no points until it is approved.
    expect(within(screen.getByRole('table')).getByText('—')).toBeInTheDocument();
    const call = sent.find((c) => c.url === '/cms/professionals/invoices/get-all');
    expect(call?.params).toMatchObject({ status: 'pending', storeId: STORE, sort: 'queue' });
    await userEvent.selectOptions(screen.getByLabelText('Origem'), 'shopkeeper');
    await waitFor(() =>
      expect(sent.filter((c) => c.url === '/cms/professionals/invoices/get-all').at(-1)?.params).toMatchObject({
        submittedBy: 'shopkeeper',
      }),
    );
  });

  it("shows each row's age, signature, flags and a passed deadline; the drawer the signer and the rules checked", async () => {
    const day = 24 * 3600 * 1000;
    const held: Invoice = {
      ...pending,
      createdAt: new Date(Date.now() - 7 * day - 3600_000).toISOString(),
      reviewDeadline: new Date(Date.now() - 2 * day).toISOString(),
      signature: { status: 'verified', signerName: 'CASA & CIA CENTRO', signerCnpj: '11222333000181', reason: null },
      riskFlags: ['above-usual'],
      automaticReview: {
        outcome: 'held',
        at: '2026-11-04T12:00:00Z',
        rule: 'risk-flags',
        label: 'Nenhum sinal de risco',
        message: 'A nota fiscal precisa de uma conferência da nossa equipe antes de ser aprovada.',
      },
    };
    const unsigned: Invoice = { ...pending, id: 'n3', number: '555', reviewDeadline: '2999-01-01T00:00:00Z' };
    const rules = ['signature', 'store', 'buyer', 'issue-date', 'duplicate', 'risk-flags', 'total', 'hold'] as const;
    const timeline = timelineOf('n1', 0);
    const [status, body] = timeline['/cms/professionals/invoices/n1/timeline'] as [number, object];
    fakeApi({
      '/cms/professionals/invoices/get-all': page([held, unsigned]),
      '/cms/stores/get-all': stores,
      '/cms/professionals/invoices/n1/file': [200, new Blob(['x'], { type: 'image/png' })],
      '/cms/professionals/invoices/n1/timeline': [
        status,
        {
          ...body,
          automaticReview: {
            ...held.automaticReview,
            rules: rules.map((rule) => ({ rule, label: `Regra ${rule}`, passed: rule !== 'risk-flags' })),
          },
        },
      ],
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    const row = (await screen.findByText('1234')).closest('tr') as HTMLElement;
    expectTexts(row, [
      'Há 7 dias',
      'Assinatura válida',
      '11.222.333/0001-81',
      'Acima do usual da loja',
      'Prazo vencido',
    ]);
    const other = screen.getByText('555').closest('tr') as HTMLElement;
    expect(other).toHaveTextContent('Sem assinatura');
    expect(other).not.toHaveTextContent('Prazo vencido');

    const drawer = await openInvoice('1234');
    const review = await within(drawer).findByTestId('automatic-review');
    expect(review).toHaveTextContent('ficou para a análise da equipe pela regra: Nenhum sinal de risco.');
    const checks = within(review).getAllByRole('listitem');
    expect(checks).toHaveLength(8);
    expect(checks.filter((check) => check.textContent?.startsWith('Não cumprida'))).toHaveLength(1);
    expect(checks[5]).toHaveTextContent('Não cumpridaRegra risk-flags');
    expect(within(drawer).getByText(/^CASA & CIA CENTRO/)).toHaveTextContent('CASA & CIA CENTRO (11.222.333/0001-81)');
    // The CNPJ is never broken across two lines.
    for (const cnpj of within(drawer).getAllByText('(11.222.333/0001-81)')) {
      expect(cnpj).toHaveStyle({ whiteSpace: 'nowrap' });
    }
    expect(within(drawer).getByText('Acima do usual da loja')).toBeInTheDocument();
  });

  it('keeps the issue period in the URL and bounds each end by the other', async () => {
    const sent = fakeApi({ '/cms/professionals/invoices/get-all': page([pending]), '/cms/stores/get-all': stores });
    renderPage('/invoices?from=2026-11-01&to=2026-11-30&search=ana', ['/invoices'], <InvoicesPage />);
    expect(await screen.findByText('Ana Arquiteta')).toBeInTheDocument();
    expect(sent.find((c) => c.url === '/cms/professionals/invoices/get-all')?.params).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      search: 'ana',
    });
    expect(screen.getByLabelText('Emitida de')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Emitida de')).toHaveAttribute('max', '2026-11-30');
    expect(screen.getByLabelText('Emitida até')).toHaveAttribute('min', '2026-11-01');
    expect(screen.getByPlaceholderText('Número, chave, profissional ou CPF')).toHaveValue('ana');
  });

  it('filters by a professional picked by name, e-mail or CPF and by the day it was sent, and exports so', async () => {
    const sent = fakeApi({
      '/cms/professionals/invoices/get-all': page([pending]),
      '/cms/stores/get-all': stores,
      // Ana only for her masked CPF: the option shows once the search typed has been asked.
      '/cms/professionals/get-all': (_body, params) => {
        const items = params.search === '529.982' ? [ana] : [];
        return [200, { items, total: items.length, page: 1, limit: 8 }];
      },
      '/cms/professionals/get-one': [200, ana],
      '/cms/professionals/invoices/export': [200, 'Número\n1234\n'],
    });
    Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    expect(await screen.findByText('Ana Arquiteta')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Profissional' });
    await userEvent.type(picker, '529.982');
    await userEvent.click(await screen.findByRole('option', { name: /Ana Arquiteta/ }));
    // The picked person's name comes with her record, read after the pick.
    await waitFor(() => expect(picker).toHaveValue('Ana Arquiteta (ana@especifica.dev)'));
    expect(sent.filter((c) => c.url === '/cms/professionals/get-all').pop()?.params).toMatchObject({
      search: '529.982',
    });
    fireEvent.change(screen.getByLabelText('Enviada de'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Enviada até'), { target: { value: '2026-11-30' } });
    const wanted = { professionalId: ana.id, submittedFrom: '2026-11-01', submittedTo: '2026-11-30' };
    await waitFor(() =>
      expect(sent.filter((c) => c.url === '/cms/professionals/invoices/get-all').pop()?.params).toMatchObject(wanted),
    );
    expect(screen.getByLabelText('Enviada até')).toHaveAttribute('min', '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() =>
      expect(sent.find((c) => c.url === '/cms/professionals/invoices/export')?.params).toMatchObject(wanted),
    );
    click.mockRestore();
  });

  it('shows the professional of a filter read from the URL by name, and clears it when the text is erased', async () => {
    const sent = fakeApi({
      '/cms/professionals/invoices/get-all': page([pending]),
      '/cms/stores/get-all': stores,
      '/cms/professionals/get-one': [200, ana],
      '/cms/professionals/get-all': [200, { items: [ana], total: 1, page: 1, limit: 8 }],
    });
    renderPage(`/invoices?professionalId=${ana.id}&submittedFrom=2026-11-01`, ['/invoices'], <InvoicesPage />);
    const picker = screen.getByRole('combobox', { name: 'Profissional' });
    await waitFor(() => expect(picker).toHaveValue('Ana Arquiteta (ana@especifica.dev)'));
    expect(screen.getByLabelText('Enviada de')).toHaveValue('2026-11-01');
    expect(sent.find((c) => c.url === '/cms/professionals/invoices/get-all')?.params).toMatchObject({
      professionalId: ana.id,
      submittedFrom: '2026-11-01',
    });
    await userEvent.clear(picker);
    await waitFor(() =>
      expect(sent.filter((c) => c.url === '/cms/professionals/invoices/get-all').pop()?.params).not.toHaveProperty(
        'professionalId',
      ),
    );
  });

  it('says so when no invoice was sent', async () => {
    fakeApi({ '/cms/professionals/invoices/get-all': page([]), '/cms/stores/get-all': stores });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    expect(await screen.findByText('Nenhuma nota fiscal enviada ainda.')).toBeInTheDocument();
  });

  it('opens an invoice with its products, approves it and toasts the server sentence', async () => {
    let approvedNow = false;
    const sent = fakeApi({
      '/cms/professionals/invoices/get-all': () => page([approvedNow ? { ...pending, status: 'approved' } : pending]),
      '/cms/stores/get-all': stores,
      '/cms/professionals/invoices/change-status': () => {
        approvedNow = true;
        return [200, { msg: 'Nota fiscal aprovada com sucesso!', item: { ...pending, status: 'approved' } }];
      },
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    const drawer = await openInvoice('1234');
    expect(within(drawer).getByText('Porcelanato 60x60')).toBeInTheDocument();
    expect(within(drawer).getAllByText('Participa').length).toBeGreaterThan(0);
    expect(within(drawer).getByText('Não participa')).toBeInTheDocument();
    // Pending: the points are what today's rules would give.
    expect(within(drawer).getAllByText('Pontos (prévia)')).toHaveLength(2);
    expect(within(drawer).getByRole('button', { name: 'Abrir arquivo da nota' })).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Nota fiscal aprovada com sucesso!'));
    expect(sent.find((c) => c.url === '/cms/professionals/invoices/change-status')?.body).toEqual({
      id: 'n1',
      status: 'approved',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = screen.getByRole('table');
    expect(await within(table).findByText('Aprovada')).toBeInTheDocument();
  });

  it('will not reject without a reason, then sends the reason typed', async () => {
    const sent = fakeApi({
      '/cms/professionals/invoices/get-all': page([pending]),
      '/cms/stores/get-all': stores,
      '/cms/professionals/invoices/change-status': [
        200,
        { msg: 'Nota fiscal recusada.', item: { ...pending, status: 'rejected', reason: 'Ilegível' } },
      ],
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    const drawer = await openInvoice('1234');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Reprovar' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Reprovar nota' }));
    expect(await within(drawer).findByText('Informe o motivo da recusa.')).toBeInTheDocument();
    expect(sent.some((c) => c.url === '/cms/professionals/invoices/change-status')).toBe(false);
    await userEvent.type(within(drawer).getByLabelText(/Motivo da recusa/), 'Nota ilegível');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Reprovar nota' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Nota fiscal recusada.'));
    expect(sent.find((c) => c.url === '/cms/professionals/invoices/change-status')?.body).toEqual({
      id: 'n1',
      status: 'rejected',
      reason: 'Nota ilegível',
    });
  });

  it('cancels an approved invoice only after a confirmation that says the points go back', async () => {
    const sent = fakeApi({
      '/cms/professionals/invoices/get-all': page([approved]),
      '/cms/stores/get-all': stores,
      ...timelineOf('n2', 5000),
      '/cms/professionals/invoices/change-status': [
        200,
        { msg: 'Nota fiscal cancelada e pontos estornados.', item: { ...approved, status: 'cancelled' } },
      ],
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    const drawer = await openInvoice('777');
    expect(within(drawer).queryByRole('button', { name: 'Aprovar' })).toBeNull();
    await within(drawer).findByTestId('invoice-timeline');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancelar nota' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('os 900 pontos que ela deu serão estornados do saldo de Ana Arquiteta');
    expect(sent.some((c) => c.url === '/cms/professionals/invoices/change-status')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar nota' }));
    await waitFor(() =>
      expect(toasts.shown.map((t) => t.message)).toContain('Nota fiscal cancelada e pontos estornados.'),
    );
    expect(sent.find((c) => c.url === '/cms/professionals/invoices/change-status')?.body).toEqual({
      id: 'n2',
      status: 'cancelled',
    });
  });

  it('shows the PDF inline, the points of each line and who did what in the timeline', async () => {
    fakeApi({
      '/cms/professionals/invoices/get-all': page([approved]),
      '/cms/stores/get-all': stores,
      '/cms/professionals/invoices/n2/file': [200, new Blob(['%PDF-1.4'], { type: 'application/pdf' })],
      ...timelineOf('n2', 5000, [
        { action: 'updated', at: '2026-11-04T12:00:00Z', by: 'Bruno Admin', reason: null },
        { action: 'approved', at: '2026-11-05T12:00:00Z', by: 'Bruno Admin', reason: null },
      ]),
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    const drawer = await openInvoice('777');
    const frame = await within(drawer).findByTitle('Arquivo da nota fiscal 777/1');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'blob:nota');
    const timeline = await within(drawer).findByTestId('invoice-timeline');
    const events = within(timeline).getAllByRole('listitem');
    expect(events.map((event) => event.textContent)).toEqual([
      expect.stringMatching(/^Enviada.*Por Ana Arquiteta$/),
      expect.stringMatching(/^Alterada.*Por Bruno Admin$/),
      expect.stringMatching(/^Aprovada.*Por Bruno Admin$/),
    ]);
    // The participating line gives its points; the other none. Approved, they are what was credited.
    expect(within(drawer).getByText('1.200')).toBeInTheDocument();
    expect(await within(drawer).findAllByText('Pontos creditados')).toHaveLength(2);
    expect(within(drawer).queryByText('Pontos (prévia)')).toBeNull();
  });

  it('shows a photo as an image and a rejection with its reason', async () => {
    fakeApi({
      '/cms/professionals/invoices/get-all': page([{ ...pending, status: 'rejected', reason: 'Ilegível' }]),
      '/cms/stores/get-all': stores,
      '/cms/professionals/invoices/n1/file': [200, new Blob(['x'], { type: 'image/png' })],
      ...timelineOf('n1', 0, [
        { action: 'rejected', at: '2026-11-05T12:00:00Z', by: 'Bruno Admin', reason: 'Ilegível' },
      ]),
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    const drawer = await openInvoice('1234');
    expect(await within(drawer).findByRole('img', { name: 'Arquivo da nota fiscal 1234/1' })).toHaveAttribute(
      'src',
      'blob:nota',
    );
    expect(await within(drawer).findByText('Motivo: Ilegível')).toBeInTheDocument();
  });

  it('warns how negative the balance goes when the points were already spent', async () => {
    fakeApi({
      '/cms/professionals/invoices/get-all': page([approved]),
      '/cms/stores/get-all': stores,
      ...timelineOf('n2', 780),
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    const drawer = await openInvoice('777');
    await within(drawer).findByTestId('invoice-timeline');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancelar nota' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('O saldo de Ana Arquiteta ficará negativo em 120 pontos.');
  });

  it('does not warn when the balance still covers the points', async () => {
    fakeApi({
      '/cms/professionals/invoices/get-all': page([approved]),
      '/cms/stores/get-all': stores,
      ...timelineOf('n2', 900),
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    const drawer = await openInvoice('777');
    await within(drawer).findByTestId('invoice-timeline');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancelar nota' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('serão estornados do saldo de Ana Arquiteta');
    expect(confirm).not.toHaveTextContent('ficará negativo');
  });

  it('approves the pending invoices chosen, and toasts each that failed with why', async () => {
    const second: Invoice = { ...pending, id: 'n3', number: '1235' };
    const sent = fakeApi({
      '/cms/professionals/invoices/get-all': page([pending, second, approved]),
      '/cms/stores/get-all': stores,
      '/cms/professionals/invoices/approve-many': [
        200,
        {
          msg: '1 nota fiscal aprovada.',
          approved: 1,
          failed: [{ id: 'n3', number: '1235', msg: 'Esta nota fiscal já foi aprovada.' }],
        },
      ],
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    await screen.findByText('1235');
    const approveAll = screen.getByRole('button', { name: 'Aprovar selecionadas' });
    expect(approveAll).toBeDisabled();
    // An approved invoice cannot be chosen.
    expect(screen.queryByRole('checkbox', { name: 'Selecionar a nota 777' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar a nota 1234' }));
    expect(screen.getByText('1 nota selecionada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar as notas pendentes desta página' }));
    expect(screen.getByText('2 notas selecionadas')).toBeInTheDocument();
    await userEvent.click(approveAll);
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('1 nota fiscal aprovada.'));
    expect(toasts.shown.map((t) => t.message)).toContain('Nota 1235 não aprovada: Esta nota fiscal já foi aprovada.');
    expect(sent.find((c) => c.url === '/cms/professionals/invoices/approve-many')?.body).toEqual({
      ids: ['n1', 'n3'],
    });
    await waitFor(() => expect(screen.queryByText('2 notas selecionadas')).toBeNull());
    expect(approveAll).toBeDisabled();
  });

  it('edits the products of a pending invoice, checking each line, and shows them saved', async () => {
    const sent = fakeApi({
      '/cms/professionals/invoices/get-all': page([pending]),
      '/cms/stores/get-all': stores,
      ...timelineOf('n1', 0),
      '/cms/professionals/invoices/update-products': (body) => [
        200,
        {
          msg: 'Atualizado com sucesso!',
          item: {
            ...pending,
            total: 1200,
            lines: [
              { sku: 'PORC-01', description: 'Porcelanato 60x60', quantity: 12, total: 1200, participating: true },
            ],
          },
          body,
        },
      ],
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    const drawer = await openInvoice('1234');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Editar produtos' }));
    const quantities = within(drawer).getAllByLabelText(/Quantidade/);
    await userEvent.clear(quantities[0] as HTMLElement);
    await userEvent.type(quantities[0] as HTMLElement, '0');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar produtos' }));
    expect(await within(drawer).findByText('Digite uma quantidade válida.')).toBeInTheDocument();
    expect(sent.some((c) => c.url === '/cms/professionals/invoices/update-products')).toBe(false);
    await userEvent.clear(quantities[0] as HTMLElement);
    await userEvent.type(quantities[0] as HTMLElement, '12');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Remover o produto 2' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar produtos' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Atualizado com sucesso!'));
    expect(sent.find((c) => c.url === '/cms/professionals/invoices/update-products')?.body).toEqual({
      id: 'n1',
      lines: [{ sku: 'PORC-01', description: 'Porcelanato 60x60', quantity: 12, total: 1200 }],
    });
    // Back to the invoice, with the saved lines.
    expect(await within(drawer).findByRole('button', { name: 'Aprovar' })).toBeInTheDocument();
    expect(within(drawer).queryByText('Argamassa')).toBeNull();
  });

  it('shows a refusal of the server inside the invoice, which stays open', async () => {
    fakeApi({
      '/cms/professionals/invoices/get-all': page([pending]),
      '/cms/stores/get-all': stores,
      '/cms/professionals/invoices/change-status': [
        409,
        { msg: 'Esta nota fiscal já foi analisada.', code: 'invoice-status' },
      ],
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    const drawer = await openInvoice('1234');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Aprovar' }));
    expect(await errorInside(drawer)).toContain('Esta nota fiscal já foi analisada.');
    expect(toasts.shown.map((t) => t.message)).not.toContain('Esta nota fiscal já foi analisada.');
    expect(screen.getByRole('dialog', { name: 'Nota fiscal 1234/1' })).toBeInTheDocument();
  });
});

describe('the invoices of one origin', () => {
  afterEach(() => jest.restoreAllMocks());

  it('asks only the invoices shopkeepers registered, without the origin filter, and exports them', async () => {
    const sent = fakeApi({
      '/cms/professionals/invoices/get-all': page([{ ...pending, submittedBy: 'shopkeeper' }]),
      '/cms/stores/get-all': stores,
      '/cms/professionals/invoices/export': [200, 'Número\n1234\n'],
    });
    const created = jest.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} });
    // jsdom does not navigate: the saved file's link click is the browser's business.
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage('/cms/shopkeepers/invoices?status=approved', ['/cms/shopkeepers/invoices'], <ShopkeepersInvoicesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Notas fiscais das lojas' })).toBeInTheDocument();
    expect(await screen.findByText('Ana Arquiteta')).toBeInTheDocument();
    expect(screen.queryByLabelText('Origem')).toBeNull();
    expect(sent.find((c) => c.url === '/cms/professionals/invoices/get-all')?.params).toMatchObject({
      submittedBy: 'shopkeeper',
      status: 'approved',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(sent.find((c) => c.url === '/cms/professionals/invoices/export')?.params).toMatchObject({
      submittedBy: 'shopkeeper',
      status: 'approved',
    });
  });

  it('shows the professionals\' own invoices under "Especificações"', async () => {
    const sent = fakeApi({ '/cms/professionals/invoices/get-all': page([]), '/cms/stores/get-all': stores });
    renderPage('/cms/professionals/invoices', ['/cms/professionals/invoices'], <ProfessionalsInvoicesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Especificações' })).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma nota fiscal enviada ainda.')).toBeInTheDocument();
    expect(sent.find((c) => c.url === '/cms/professionals/invoices/get-all')?.params).toMatchObject({
      submittedBy: 'professional',
    });
  });
});
