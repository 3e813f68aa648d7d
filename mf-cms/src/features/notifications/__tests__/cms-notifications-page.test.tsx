import { fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CmsNotificationsPage } from '../components/cms-notifications-page';

const inbox = (items: unknown[], unread = 0) =>
  [200, { items, total: items.length, unread, page: 1, limit: 25 }] as [number, unknown];
const note = {
  id: 'n1',
  type: 'import',
  title: 'Importação concluída',
  message: '12 lojas criadas.',
  data: null,
  read: false,
  createdAt: '2026-03-02T15:00:00Z',
};

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

jest.setTimeout(30_000);

describe('the CMS notifications', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);

  it("lists the admin's notifications and marks one as read", async () => {
    const sent = fakeApi({
      '/cms/notifications/get-all-notifications': inbox([note], 1),
      '/cms/notifications/read-notification': [200, { msg: 'Notificação marcada como lida.' }],
    });
    renderPage('/cms/notifications', ['/cms/notifications'], <CmsNotificationsPage />);
    expect(await screen.findByText('Importação concluída')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Suas notificações (1 não lida)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Marcar como lida: Importação concluída' }));
    await waitFor(() =>
      expect(sent.find((call) => call.url === '/cms/notifications/read-notification')?.body).toEqual({ id: 'n1' }),
    );
  });

  it('says when there is none', async () => {
    fakeApi({ '/cms/notifications/get-all-notifications': inbox([]) });
    renderPage('/cms/notifications', ['/cms/notifications'], <CmsNotificationsPage />);
    expect(await screen.findByText('Você não tem notificações.')).toBeInTheDocument();
  });

  it('sends to chosen people by e-mail, checks them in pt-BR first, and names the e-mails that match nobody', async () => {
    const sent = fakeApi({
      '/cms/notifications/get-all-notifications': inbox([]),
      '/cms/notifications/send': [
        200,
        { msg: 'Notificação enviada com sucesso!', sent: 1, missing: ['ninguem@especifica.dev'] },
      ],
    });
    renderPage('/cms/notifications', ['/cms/notifications'], <CmsNotificationsPage />);
    await screen.findByText('Você não tem notificações.');
    const form = screen.getByRole('region', { name: 'Enviar uma notificação aos participantes' });
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar notificação' }));
    expect(await within(form).findByText('Selecione para quem vai a notificação.')).toBeInTheDocument();
    await choose('Para quem', 'Pessoas escolhidas');
    await userEvent.type(within(form).getByLabelText(/^E-mails/), 'ana@especifica.dev{enter}não é e-mail');
    await userEvent.type(within(form).getByLabelText('Título'), 'Evento em março');
    await userEvent.type(within(form).getByLabelText('Mensagem'), 'Inscrições abertas.');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar notificação' }));
    expect(await within(form).findByText('Informe de 1 a 500 e-mails válidos, um por linha.')).toBeInTheDocument();
    const emails = within(form).getByLabelText(/^E-mails/);
    await userEvent.clear(emails);
    await userEvent.type(emails, 'ana@especifica.dev{enter}ninguem@especifica.dev');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar notificação' }));
    await waitFor(() =>
      expect(sent.find((call) => call.url === '/cms/notifications/send')?.body).toEqual({
        group: 'people',
        title: 'Evento em março',
        message: 'Inscrições abertas.',
        emails: ['ana@especifica.dev', 'ninguem@especifica.dev'],
      }),
    );
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toEqual(
        expect.arrayContaining([
          'Notificação enviada com sucesso! 1 pessoa notificada.',
          'Nenhum participante ativo com: ninguem@especifica.dev.',
        ]),
      ),
    );
  });

  it('asks for the level when the notice goes to a level', async () => {
    fakeApi({
      '/cms/notifications/get-all-notifications': inbox([]),
      '/cms/config/get-levels': [
        200,
        { items: [{ id: 'l2', name: 'Prata', points: 5000, sublevels: 3, benefits: '' }] },
      ],
    });
    renderPage('/cms/notifications', ['/cms/notifications'], <CmsNotificationsPage />);
    await screen.findByText('Você não tem notificações.');
    await choose('Para quem', 'Os participantes de um nível');
    await userEvent.type(screen.getByLabelText('Título'), 'Nível Prata');
    await userEvent.type(screen.getByLabelText('Mensagem'), 'Parabéns.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar notificação' }));
    expect(await screen.findByText('Selecione o nível.')).toBeInTheDocument();
  });
});
