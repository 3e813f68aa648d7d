import { fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmailsPage } from '../components/emails-page';

const failed = {
  id: '7f1c2a56-1d6e-4c1a-9a61-3f1f8f0c0001',
  to: 'ana@especifica.dev',
  subject: 'Seu código de segurança',
  state: 'failed',
  attempts: 4,
  lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
  createdAt: '2026-03-16T12:00:00.000Z',
  sentAt: null,
  failedAt: '2026-03-16T12:31:00.000Z',
};
const sent = {
  ...failed,
  id: '7f1c2a56-1d6e-4c1a-9a61-3f1f8f0c0002',
  to: 'sergio@especifica.dev',
  subject: 'Confirme seu e-mail',
  state: 'sent',
  attempts: 1,
  lastError: null,
  sentAt: '2026-03-16T12:00:05.000Z',
  failedAt: null,
};
const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 20 }] as [number, unknown];
const URL = '/cms/programme/emails';

describe('Programa > E-mails', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('lists each e-mail with its state, attempts and error; only a failed one can be sent again', async () => {
    fakeApi({ '/cms/emails/get-all': page([failed, sent]) });
    renderPage(URL, [URL], <EmailsPage />);
    const failedRow = (await screen.findByText('ana@especifica.dev')).closest('tr') as HTMLElement;
    expect(within(failedRow).getByText('Falhou')).toBeInTheDocument();
    expect(within(failedRow).getByText('4')).toBeInTheDocument();
    expect(within(failedRow).getByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeInTheDocument();
    expect(within(failedRow).getByRole('button', { name: 'Reenviar o e-mail para ana@especifica.dev' })).toBeVisible();
    const sentRow = screen.getByText('sergio@especifica.dev').closest('tr') as HTMLElement;
    expect(within(sentRow).getByText('Enviado')).toBeInTheDocument();
    expect(within(sentRow).queryByRole('button', { name: /Reenviar/ })).toBeNull();
  });

  it('filters by state through the API', async () => {
    const calls = fakeApi({
      '/cms/emails/get-all': (_body, params) => page(params.state === 'sent' ? [sent] : [failed, sent]),
    });
    renderPage(`${URL}?state=sent`, [URL], <EmailsPage />);
    expect(await screen.findByText('sergio@especifica.dev')).toBeInTheDocument();
    expect(screen.queryByText('ana@especifica.dev')).toBeNull();
    expect(calls.find((call) => call.url === '/cms/emails/get-all')?.params).toMatchObject({ state: 'sent' });
  });

  it('resends a failed e-mail: the toast says so and the list is read again, showing it queued', async () => {
    let resent = false;
    const calls = fakeApi({
      '/cms/emails/get-all': () => page([resent ? { ...failed, state: 'pending', failedAt: null } : failed]),
      [`POST /cms/emails/${failed.id}/resend`]: () => {
        resent = true;
        return [200, { msg: 'E-mail colocado na fila de envio de novo.', item: { ...failed, state: 'pending' } }];
      },
    });
    renderPage(URL, [URL], <EmailsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reenviar o e-mail para ana@especifica.dev' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('E-mail colocado na fila de envio de novo.'),
    );
    const row = (await screen.findByRole('cell', { name: 'Na fila' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('ana@especifica.dev')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reenviar/ })).toBeNull();
    expect(calls.filter((call) => call.url === '/cms/emails/get-all')).toHaveLength(2);
  });

  it("shows the server's pt-BR message when the e-mail had not failed (409)", async () => {
    fakeApi({
      '/cms/emails/get-all': page([failed]),
      [`POST /cms/emails/${failed.id}/resend`]: [
        409,
        { msg: 'Só um e-mail que falhou pode ser enviado de novo.', code: 'email-not-failed' },
      ],
    });
    renderPage(URL, [URL], <EmailsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reenviar o e-mail para ana@especifica.dev' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Só um e-mail que falhou pode ser enviado de novo.'),
    );
  });

  it('says so in a sentence when there is no e-mail', async () => {
    fakeApi({ '/cms/emails/get-all': page([]) });
    renderPage(URL, [URL], <EmailsPage />);
    expect(
      await screen.findByText(
        'Nenhum e-mail por aqui: os e-mails do programa aparecem nesta lista assim que são criados.',
      ),
    ).toBeInTheDocument();
  });
});
