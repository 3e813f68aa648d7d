import { fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationsPage } from '../components/notifications-page';

const note = (id: string, title: string, read: boolean, data: Record<string, unknown> | null = null) => ({
  id,
  type: 'invoice-approved',
  title,
  message: `Mensagem de ${title}`,
  data,
  read,
  createdAt: '2026-05-10T12:00:00Z',
});

function programme() {
  const notes = [
    note('n1', 'Nota aprovada', false, { invoiceId: 'i1' }),
    note('n2', 'Inscrição confirmada', false, { experienceId: 'e1' }),
    note('n3', 'Aviso antigo', true),
  ];
  const page = (items: typeof notes) => ({
    items,
    total: items.length,
    page: 1,
    limit: 25,
    unread: notes.filter((n) => !n.read).length,
  });
  const sent = fakeApi({
    '/professionals/notifications/get-all-notifications': (_body, params) => [
      200,
      page(params.unread ? notes.filter((n) => !n.read) : notes),
    ],
    '/professionals/notifications/read-notification': (body) => {
      const { id, all } = body as { id?: string; all?: boolean };
      for (const n of notes) if (all || n.id === id) n.read = true;
      return [
        200,
        { msg: all ? 'Todas as notificações foram marcadas como lidas.' : 'Notificação marcada como lida.' },
      ];
    },
  });
  return sent;
}

describe('the notifications screen', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);

  it('shows the unread first, each linking to what it is about, then the read ones', async () => {
    programme();
    renderPage('/notifications', ['/notifications'], <NotificationsPage />);
    const unread = await screen.findByRole('region', { name: 'Não lidas (2)' });
    expect(
      within(unread)
        .getAllByTestId('notification')
        .map((n) => n.dataset.read),
    ).toEqual(['false', 'false']);
    const links = within(unread).getAllByRole('link', { name: 'Ver' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/invoices', '/experiences/e1']);
    const earlier = screen.getByRole('region', { name: 'Lidas' });
    expect(await within(earlier).findByText('Aviso antigo')).toBeInTheDocument();
    expect(within(earlier).queryByText('Nota aprovada')).toBeNull();
  });

  it('marks one as read, then all', async () => {
    const sent = programme();
    renderPage('/notifications', ['/notifications'], <NotificationsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar como lida: Nota aprovada' }));
    expect(await screen.findByRole('region', { name: 'Não lidas (1)' })).toBeInTheDocument();
    expect(sent.some((call) => JSON.stringify(call.body) === '{"id":"n1"}')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));
    expect(await screen.findByText('Nenhuma notificação nova.')).toBeInTheDocument();
    await waitFor(() =>
      expect(toasts.shown.map((t) => t.message)).toContain('Todas as notificações foram marcadas como lidas.'),
    );
    expect(screen.queryByRole('button', { name: 'Marcar todas como lidas' })).toBeNull();
  });

  it("shows the server's msg and a retry when the list fails", async () => {
    fakeApi({
      '/professionals/notifications/get-all-notifications': [500, { msg: 'Serviço indisponível.' }],
    });
    renderPage('/notifications', ['/notifications'], <NotificationsPage />);
    expect((await screen.findAllByText('Serviço indisponível.')).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Tentar novamente' }).length).toBeGreaterThan(0);
  });
});
