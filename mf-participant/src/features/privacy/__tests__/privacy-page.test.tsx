import type { PrivacyData } from '@especifica/mf-shared/contracts';
import { fakeApi, fakeTask, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PrivacyPage } from '../components/privacy-page';

const data = (emailGiven: boolean): PrivacyData => ({
  requests: [],
  items: [
    {
      key: 'invoices',
      label: 'Notas fiscais e arquivos',
      detail: '12 notas fiscais',
      purpose: 'Conferir as compras e creditar seus pontos.',
      basis: 'contract',
    },
    {
      key: 'social',
      label: 'Redes sociais',
      detail: '1 rede informada',
      purpose: 'Mostrar seu trabalho nas ações do programa, se você quiser.',
      basis: 'consent',
    },
  ],
  acceptances: [
    {
      id: 'r2',
      purpose: 'regulation',
      version: 2,
      given: true,
      channel: 'terms-prompt',
      at: '2026-03-10T13:00:00.000Z',
      ipHash: 'x',
    },
    {
      id: 'r1',
      purpose: 'privacy-policy',
      version: 1,
      given: true,
      channel: 'sign-up',
      at: '2026-01-05T12:30:00.000Z',
      ipHash: null,
    },
  ],
  marketing: [
    { purpose: 'marketing-email', given: emailGiven, at: emailGiven ? '2026-04-01T15:00:00.000Z' : null },
    { purpose: 'marketing-whatsapp', given: false, at: null },
  ],
});

describe('the privacy screen', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);

  it('lists what is held with its legal basis, and each acceptance with its version, date and channel', async () => {
    fakeApi({ '/professionals/privacy/get-data': [200, data(false)] });
    renderPage('/privacy', ['/privacy'], <PrivacyPage />);
    const items = await screen.findAllByTestId('privacy-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Notas fiscais e arquivos');
    expect(items[0]).toHaveTextContent('12 notas fiscais');
    expect(items[0]).toHaveTextContent('Execução do contrato');
    expect(items[1]).toHaveTextContent('Consentimento');
    const acceptances = screen.getAllByTestId('privacy-acceptance');
    expect(acceptances[0]).toHaveTextContent('Regulamento do programa, versão 2');
    expect(acceptances[0]).toHaveTextContent('Aceito em 10/03/2026, 10:00 · ao entrar no programa');
    expect(acceptances[1]).toHaveTextContent('Política de privacidade, versão 1');
    expect(acceptances[1]).toHaveTextContent('no cadastro');
  });

  it('switches a marketing consent with one click, says so, and shows the new state from the API', async () => {
    let given = false;
    const sent = fakeApi({
      '/professionals/privacy/get-data': () => [200, data(given)],
      'POST /professionals/privacy/update-consent': (body) => {
        given = (body as { given: boolean }).given;
        return [200, { msg: 'Consentimento registrado.' }];
      },
    });
    renderPage('/privacy', ['/privacy'], <PrivacyPage />);
    const [email] = await screen.findAllByTestId('marketing-consent');
    if (!email) throw new Error('no e-mail consent');
    expect(email).toHaveTextContent('Não autorizado');
    const box = within(email).getByRole('checkbox', { name: 'Receber comunicações por e-mail' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(within(email).getByRole('checkbox')).toBeChecked());
    expect(email).toHaveTextContent('Autorizado em 01/04/2026, 12:00');
    expect(sent.find((call) => call.method === 'post')?.body).toEqual({ purpose: 'marketing-email', given: true });
    expect(toasts.shown.map((toast) => toast.message)).toContain('Consentimento registrado.');
  });

  it('shows the error with a retry when the data cannot be read', async () => {
    fakeApi({ '/professionals/privacy/get-data': [500, { msg: 'Serviço indisponível.' }] });
    renderPage('/privacy', ['/privacy'], <PrivacyPage />);
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('asks for the copy of the data, follows its job, and offers the file once it is written', async () => {
    let reads = 0;
    const running = fakeTask({ id: 'c1', kind: 'privacy:copy', state: 'running', done: 3, total: null });
    const done = fakeTask({
      id: 'c1',
      kind: 'privacy:copy',
      state: 'done',
      done: 11,
      total: 11,
      percent: 100,
      finishedAt: '2026-03-05T13:00:00.000Z',
      expiresAt: '2026-03-12T13:00:00.000Z',
      file: { name: 'meus-dados-especifica.zip', rows: 11, bytes: 2048 },
    });
    const sent = fakeApi({
      '/professionals/privacy/get-data': [200, data(false)],
      '/tasks': [200, { items: [] }],
      'POST /professionals/privacy/request-copy': [202, running],
      '/tasks/c1': () => {
        reads += 1;
        return [200, reads > 1 ? done : running];
      },
    });
    renderPage('/privacy', ['/privacy'], <PrivacyPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pedir uma cópia dos meus dados' }));
    expect(await screen.findByRole('progressbar', { name: 'Preparando a cópia dos seus dados' })).toBeInTheDocument();
    const ready = await screen.findByTestId('copy-ready', {}, { timeout: 8000 });
    expect(ready).toHaveTextContent('Cópia de 05/03/2026, 10:00, disponível até 12/03/2026.');
    expect(within(ready).getByRole('button', { name: 'Baixar a cópia' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pedir uma nova cópia' })).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'post')).toHaveLength(1);
  });

  it('asks for the deletion with the password after a confirmation, and shows the request and its deadline', async () => {
    let requests: PrivacyData['requests'] = [];
    const sent = fakeApi({
      '/professionals/privacy/get-data': () => [200, { ...data(false), requests }],
      '/tasks': [200, { items: [] }],
      'POST /professionals/privacy/request-deletion': (body) => {
        if ((body as { password: string }).password !== 'certa') {
          return [
            400,
            {
              msg: 'Senha incorreta.',
              code: 'wrong-password',
              data: [{ field: 'password', message: 'Senha incorreta.' }],
            },
          ];
        }
        requests = [
          {
            id: 'd1',
            state: 'received',
            createdAt: '2026-03-05T13:00:00.000Z',
            deadline: '2026-03-20T13:00:00.000Z',
            refusalReason: null,
          },
        ];
        return [200, { msg: 'Pedido de exclusão recebido. Responderemos até 20/03/2026.' }];
      },
    });
    renderPage('/privacy', ['/privacy'], <PrivacyPage />);
    const submit = await screen.findByRole('button', { name: 'Pedir a exclusão da minha conta' });
    await userEvent.click(submit);
    expect(await screen.findByText('Digite sua senha para confirmar.')).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'post')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Sua senha'), 'errada');
    await userEvent.click(submit);
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pedir a exclusão da minha conta' }));
    expect(await screen.findByText('Senha incorreta.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Sua senha'));
    await userEvent.type(screen.getByLabelText('Sua senha'), 'certa');
    await userEvent.click(screen.getByRole('button', { name: 'Pedir a exclusão da minha conta' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Pedir a exclusão da minha conta' }),
    );
    expect(await screen.findByTestId('deletion-request')).toHaveTextContent(
      'Pedido recebido em 05/03/2026: responderemos até 20/03/2026.',
    );
    expect(screen.queryByLabelText('Sua senha')).toBeNull();
    expect(toasts.shown.map((toast) => toast.message)).toContain(
      'Pedido de exclusão recebido. Responderemos até 20/03/2026.',
    );
  });

  it('downloads the statement of benefits of the period, and stops a period backwards before asking', async () => {
    const createObjectURL = jest.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => undefined });
    const sent = fakeApi({
      '/professionals/privacy/get-data': [200, data(false)],
      '/tasks': [200, { items: [] }],
      '/professionals/privacy/statement': [200, new Blob(['%PDF-1.7'], { type: 'application/pdf' })],
    });
    renderPage('/privacy', ['/privacy'], <PrivacyPage />);
    const card = await screen.findByRole('region', { name: 'Declaração de benefícios' });
    const from = within(card).getByLabelText('De');
    await userEvent.clear(from);
    await userEvent.type(from, '31122099');
    await userEvent.click(within(card).getByRole('button', { name: 'Baixar declaração' }));
    expect(await within(card).findByText('A data inicial deve ser anterior ou igual à final.')).toBeInTheDocument();
    expect(sent.filter((call) => call.url === '/professionals/privacy/statement')).toHaveLength(0);

    await userEvent.clear(from);
    await userEvent.type(from, '01012026');
    await userEvent.click(within(card).getByRole('button', { name: 'Baixar declaração' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(sent.find((call) => call.url === '/professionals/privacy/statement')?.params).toMatchObject({
      from: '2026-01-01',
      format: 'pdf',
    });
  });
});
