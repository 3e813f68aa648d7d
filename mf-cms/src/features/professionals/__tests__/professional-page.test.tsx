import { api } from '@especifica/mf-shared';
import { errorInside, fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { ProfessionalPage } from '../components/professional-page';
import { ana, customer, page, stores } from './fixtures';

jest.setTimeout(30_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const movement = {
  id: 'm1',
  kind: 'credit',
  points: 1500,
  reason: 'Nota fiscal 1234',
  sourceType: 'invoice',
  sourceId: 'n1',
  createdAt: '2026-11-03T12:00:00Z',
  issuer: 'admin:a1',
  participant: { kind: 'professional', id: ana.id, name: ana.name, email: ana.email },
};
const url = `/cms/professionals/${ana.id}`;
const render = (path = url) => renderPage(path, ['/cms/professionals/:id'], <ProfessionalPage />);

async function openAdjust() {
  render();
  await screen.findByText('8.250,5 pts');
  await userEvent.click(screen.getByRole('button', { name: 'Ajustar pontos' }));
  return screen.findByRole('dialog', { name: 'Ajustar pontos de Ana Arquiteta' });
}

describe("a professional's page", () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('shows the balance, level, behaviour and reference, and the extract first', async () => {
    const sent = fakeApi({
      '/cms/professionals/get-one': [200, ana],
      '/cms/professionals/pce/get-all': page([movement]),
    });
    render();
    expect(screen.getByTestId('loading-state')).toBeInTheDocument();
    expect(await screen.findByTestId('professional-balance')).toHaveTextContent('8.250,5 pts');
    expect(screen.getByRole('heading', { level: 1, name: 'Ana Arquiteta' })).toBeInTheDocument();
    expect(screen.getByText('Prata')).toBeInTheDocument();
    expect(screen.getByText('Sérgio Vendedor')).toBeInTheDocument();
    // A first account: no word of an earlier one.
    expect(screen.queryByText('Pessoa que voltou ao programa')).not.toBeInTheDocument();
    expect(await screen.findByText('Nota fiscal 1234')).toBeInTheDocument();
    expect(screen.getByText('+1.500')).toBeInTheDocument();
    expect(sent.find((call) => call.url === '/cms/professionals/pce/get-all')?.params).toMatchObject({
      participantKind: 'professional',
      participantId: ana.id,
      sort: '-createdAt',
    });
  });

  it('says when the person came back after an earlier account of theirs was erased', async () => {
    fakeApi({
      '/cms/professionals/get-one': [
        200,
        { ...ana, returnedAfterErasure: { erasedAt: '2026-03-12T15:00:00Z', by: 'cpf' } },
      ],
      '/cms/professionals/pce/get-all': page([]),
    });
    render();
    const notice = await screen.findByTestId('returned-after-erasure');
    expect(notice).toHaveTextContent('Pessoa que voltou ao programa');
    expect(notice).toHaveTextContent(
      'Um cadastro anterior desta pessoa, reconhecido pelo CPF, foi removido em 12/03/2026 (LGPD).',
    );
  });

  it("shows the server's msg for a professional that does not exist", async () => {
    fakeApi({ '/cms/professionals/get-one': [404, { msg: 'Profissional não encontrado.', code: 'not-found' }] });
    render();
    expect(await screen.findByTestId('error-state')).toHaveTextContent('Profissional não encontrado.');
  });

  it('gives points with a reason, refusing an empty amount and reason in pt-BR first', async () => {
    const sent = fakeApi({
      '/cms/professionals/get-one': [200, ana],
      '/cms/professionals/pce/get-all': page([movement]),
      '/cms/professionals/adjust-points': [
        200,
        { msg: 'Pontos creditados com sucesso!', item: { ...ana, totalPoints: 8300.75 } },
      ],
    });
    const drawer = await openAdjust();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Confirmar ajuste' }));
    expect(await within(drawer).findByText('Digite uma quantidade de pontos diferente de zero.')).toBeInTheDocument();
    expect(within(drawer).getByText('Informe o motivo do ajuste.')).toBeInTheDocument();
    await userEvent.type(within(drawer).getByLabelText('Pontos'), '50,25');
    expect(within(drawer).getByText('Saldo depois do ajuste: 8.300,75 pontos')).toBeInTheDocument();
    await userEvent.type(within(drawer).getByLabelText(/Motivo/), 'Bônus de boas-vindas');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Confirmar ajuste' }));
    await waitFor(() => expect(toasts.shown.map((toast) => toast.message)).toContain('Pontos creditados com sucesso!'));
    expect(sent.find((call) => call.url === '/cms/professionals/adjust-points')?.body).toEqual({
      professionalId: ana.id,
      points: 50.25,
      reason: 'Bônus de boas-vindas',
      idempotencyKey: expect.stringMatching(UUID),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends one adjustment for a double click, and the same key again when retried after a failure', async () => {
    let answers = 0;
    const sent = fakeApi({
      '/cms/professionals/get-one': [200, ana],
      '/cms/professionals/pce/get-all': page([movement]),
      '/cms/professionals/adjust-points': () => {
        answers += 1;
        return answers === 1
          ? [503, { msg: 'O servidor demorou para responder. Tente de novo.' }]
          : [200, { msg: 'Pontos creditados com sucesso!', item: { ...ana, totalPoints: 8260.5 } }];
      },
    });
    // The adjustment's answer waits until the test lets it go: the second click lands while the first is on its way.
    const answer = api.adapter as AxiosAdapter;
    let release = () => {};
    let held = 0;
    api.adapter = async (config) => {
      if (config.url === '/cms/professionals/adjust-points') {
        held += 1;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      return answer(config);
    };
    const drawer = await openAdjust();
    await userEvent.type(within(drawer).getByLabelText('Pontos'), '10');
    await userEvent.type(within(drawer).getByLabelText(/Motivo/), 'Correção');
    await userEvent.dblClick(within(drawer).getByRole('button', { name: 'Confirmar ajuste' }));
    await waitFor(() => expect(held).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held).toBe(1);
    release();
    // Inside the drawer, where the person pressed.
    expect(await errorInside(drawer)).toContain('O servidor demorou para responder. Tente de novo.');
    // Sent again after the failure: the same adjustment, so the same key.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Confirmar ajuste' }));
    await waitFor(() => expect(held).toBe(2));
    release();
    await waitFor(() => expect(toasts.shown.map((toast) => toast.message)).toContain('Pontos creditados com sucesso!'));
    const keys = sent
      .filter((call) => call.url === '/cms/professionals/adjust-points')
      .map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  it('takes points only after a confirmation that says what the balance becomes, and shows a refusal in the drawer', async () => {
    const sent = fakeApi({
      '/cms/professionals/get-one': [200, ana],
      '/cms/professionals/pce/get-all': page([movement]),
      '/cms/professionals/adjust-points': [
        422,
        { msg: 'O profissional não tem pontos suficientes para este débito.', code: 'insufficient-points' },
      ],
    });
    const drawer = await openAdjust();
    await userEvent.click(within(drawer).getByLabelText('Tirar pontos'));
    await userEvent.type(within(drawer).getByLabelText('Pontos'), '250');
    await userEvent.type(within(drawer).getByLabelText(/Motivo/), 'Nota lançada em dobro');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Confirmar ajuste' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Tirar 250 pontos de Ana Arquiteta?');
    expect(confirm).toHaveTextContent('O saldo passará de 8.250,5 para 8.000,5 pontos.');
    expect(sent.some((call) => call.url === '/cms/professionals/adjust-points')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Tirar pontos' }));
    expect(await errorInside(drawer)).toContain('O profissional não tem pontos suficientes para este débito.');
    expect(sent.find((call) => call.url === '/cms/professionals/adjust-points')?.body).toMatchObject({ points: -250 });
    // Refused: the drawer stays with what was typed.
    expect(within(drawer).getByLabelText(/Motivo/)).toHaveValue('Nota lançada em dobro');
  });

  it('blocks the professional after a confirmation that says what happens', async () => {
    const sent = fakeApi({
      '/cms/professionals/get-one': [200, ana],
      '/cms/professionals/pce/get-all': page([]),
      '/cms/professionals/change-status': [200, { msg: 'Profissional bloqueado com sucesso!' }],
    });
    render();
    await screen.findByText('8.250,5 pts');
    expect(screen.queryByRole('button', { name: 'Ativar' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Bloquear' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Ana Arquiteta não poderá entrar no programa nem ganhar pontos');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Bloquear' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Profissional bloqueado com sucesso!'),
    );
    expect(sent.find((call) => call.url === '/cms/professionals/change-status')?.body).toEqual({
      id: ana.id,
      behaviour: 'blocked',
    });
  });

  it("opens the person's invoices, customers and subscriptions, each asked for this person", async () => {
    const sent = fakeApi({
      '/cms/professionals/get-one': [200, ana],
      '/cms/professionals/pce/get-all': page([]),
      '/cms/professionals/invoices/get-all': page([]),
      '/cms/stores/get-all': stores,
      '/cms/professionals/get-all-customers': page([customer]),
      '/cms/professionals/get-subscribers': page([
        {
          id: 'x1',
          experience: { id: 'e1', name: 'Workshop de iluminação', happensAt: '2026-12-10T22:00:00Z' },
          participant: { kind: 'professional', id: ana.id, name: ana.name, email: ana.email },
          status: 'subscribed',
          points: 300,
          attendedAt: null,
          createdAt: '2026-11-01T12:00:00Z',
        },
      ]),
    });
    render();
    expect(await screen.findByText('Nenhuma movimentação de pontos ainda.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notas fiscais' }));
    expect(await screen.findByText('Nenhuma nota fiscal enviada ainda.')).toBeInTheDocument();
    expect(sent.find((call) => call.url === '/cms/professionals/invoices/get-all')?.params).toMatchObject({
      professionalId: ana.id,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Clientes' }));
    expect(await screen.findByText('Carlos Cliente')).toBeInTheDocument();
    expect(screen.getByText('Vencido')).toBeInTheDocument();
    expect(sent.find((call) => call.url === '/cms/professionals/get-all-customers')?.params).toMatchObject({
      professionalId: ana.id,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Experiências' }));
    expect(await screen.findByText('Workshop de iluminação')).toBeInTheDocument();
    expect(screen.getByText('Inscrito')).toBeInTheDocument();
    expect(sent.find((call) => call.url === '/cms/professionals/get-subscribers')?.params).toMatchObject({
      participantId: ana.id,
    });
  });

  it("lists the person's consent records, each with its version, state and channel, and exports them", async () => {
    const sent = fakeApi({
      '/cms/professionals/get-one': [200, ana],
      '/cms/professionals/pce/get-all': page([]),
      '/cms/privacy/consents/get-all': page([
        {
          id: 'r2',
          purpose: 'marketing-email',
          version: null,
          given: false,
          channel: 'privacy-page',
          at: '2026-11-05T12:00:00Z',
          ipHash: 'abcdefghijklmnopqrstuvwxyz',
        },
        {
          id: 'r1',
          purpose: 'regulation',
          version: 2,
          given: true,
          channel: 'sign-up',
          at: '2026-01-10T12:00:00Z',
          ipHash: null,
        },
      ]),
    });
    render(`${url}?tab=consents`);
    const withdrawn = (await screen.findByText('Comunicações por e-mail')).closest('tr') as HTMLElement;
    expect(withdrawn).toHaveTextContent('Não autorizado');
    expect(withdrawn).toHaveTextContent('Privacidade e dados');
    expect(withdrawn).toHaveTextContent('abcdefghijkl…');
    const accepted = screen.getByText('Regulamento do programa, versão 2').closest('tr') as HTMLElement;
    expect(accepted).toHaveTextContent('Autorizado');
    expect(accepted).toHaveTextContent('Cadastro');
    expect(sent.find((call) => call.url === '/cms/privacy/consents/get-all')?.params).toMatchObject({
      professionalId: ana.id,
    });
    expect(screen.getByRole('button', { name: /CSV/ })).toBeInTheDocument();
  });
});
