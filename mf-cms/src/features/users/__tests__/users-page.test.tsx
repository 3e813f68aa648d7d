import { session } from '@especifica/mf-shared';
import { errorInside, fakeApi, fillIn, openDrawer, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UsersPage } from '../components/users-page';

const admin = {
  id: 'a1',
  name: 'Administradora Demo',
  email: 'admin@especifica.dev',
  active: true,
  createdAt: '2026-01-10T12:00:00Z',
};
const list = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];

async function openCreate() {
  renderPage('/cms/users', ['/cms/users'], <UsersPage />);
  await screen.findByText('admin@especifica.dev');
  const drawer = await openDrawer('Novo', 'Novo usuário');
  await fillIn(drawer, { Nome: 'Bruno Souza', 'E-mail': 'bruno@especifica.dev', Senha: 'uma senha bem longa' });
  return drawer;
}

// Typing three fields into a drawer is slow in jsdom.
jest.setTimeout(20_000);

describe('the admin users screen', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it('creates a user in the drawer, says "Usuário cadastrado com sucesso!" and lists it', async () => {
    const bruno = { ...admin, id: 'a2', name: 'Bruno Souza', email: 'bruno@especifica.dev' };
    let created = false;
    const sent = fakeApi({
      '/cms/users/get-all': () => list(created ? [admin, bruno] : [admin]),
      '/cms/users/create': () => {
        created = true;
        return [201, { msg: 'Usuário cadastrado com sucesso!', item: bruno }];
      },
    });
    const drawer = await openCreate();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('bruno@especifica.dev')).toBeInTheDocument();
    expect(sent.find((call) => call.url === '/cms/users/create')?.body).toEqual({
      name: 'Bruno Souza',
      email: 'bruno@especifica.dev',
      password: 'uma senha bem longa',
    });
    expect(toasts.shown.map((toast) => toast.message)).toContain('Usuário cadastrado com sucesso!');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("puts the server's field error beside the field and keeps what was typed", async () => {
    fakeApi({
      '/cms/users/get-all': list([admin]),
      '/cms/users/create': [
        400,
        {
          msg: 'Este e-mail já é usado por outra conta.',
          code: 'validation',
          data: [{ field: 'email', message: 'Este e-mail já é usado por outra conta.' }],
        },
      ],
    });
    const drawer = await openCreate();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    const email = within(drawer).getByLabelText(/E-mail/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(within(drawer).getByText('Este e-mail já é usado por outra conta.')).toBeInTheDocument();
    expect(email).toHaveValue('bruno@especifica.dev');
    expect(within(drawer).getByLabelText(/Nome/)).toHaveValue('Bruno Souza');
  });

  it('shows a refusal that names no field inside the drawer, which keeps what was typed', async () => {
    fakeApi({
      '/cms/users/get-all': list([admin]),
      '/cms/users/create': [409, { msg: 'Este e-mail já é usado por outra conta.', code: 'email-taken' }],
    });
    const drawer = await openCreate();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await errorInside(drawer)).toContain('Este e-mail já é usado por outra conta.');
    // Not toasted: a toast would be drawn beside the drawer rather than where the person is looking.
    expect(toasts.shown).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Novo usuário' })).toBeInTheDocument();
    expect(within(drawer).getByLabelText(/E-mail/)).toHaveValue('bruno@especifica.dev');
  });

  it('edits a user keeping the password when the field is left empty', async () => {
    let name = admin.name;
    const sent = fakeApi({
      '/cms/users/get-all': () => list([{ ...admin, name }]),
      '/cms/users/update': () => {
        name = 'Administradora Geral';
        return [200, { msg: 'Usuário atualizado com sucesso!', item: { ...admin, name } }];
      },
    });
    renderPage('/cms/users', ['/cms/users'], <UsersPage />);
    const row = (await screen.findByText('admin@especifica.dev')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    const drawer = await screen.findByRole('dialog', { name: 'Editar usuário' });
    const field = within(drawer).getByLabelText(/Nome/);
    await userEvent.clear(field);
    await userEvent.type(field, 'Administradora Geral');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Usuário atualizado com sucesso!'),
    );
    expect(sent.find((call) => call.url === '/cms/users/update')?.body).toEqual({
      id: 'a1',
      name: 'Administradora Geral',
      email: 'admin@especifica.dev',
    });
    expect(await screen.findByText('Administradora Geral')).toBeInTheDocument();
  });

  it("marks the admin's own row, and puts the switch back with the server's refusal to deactivate oneself", async () => {
    session.setUser({ ...admin, profileImage: null, userType: 'admin', shopkeeperType: null, accessToken: 'tok' });
    const bruno = { ...admin, id: 'a2', name: 'Bruno Souza', email: 'bruno@especifica.dev' };
    const sent = fakeApi({
      '/cms/users/get-all': list([admin, bruno]),
      '/cms/users/change-status': (body) =>
        (body as { id: string }).id === 'a1'
          ? [422, { msg: 'Você não pode desativar a sua própria conta.', code: 'self-deactivation' }]
          : [200, { msg: 'Usuário desativado com sucesso!' }],
    });
    renderPage('/cms/users', ['/cms/users'], <UsersPage />);
    const mine = (await screen.findByText('admin@especifica.dev')).closest('tr') as HTMLElement;
    expect(within(mine).getByText('Você')).toBeInTheDocument();
    const brunos = screen.getByText('bruno@especifica.dev').closest('tr') as HTMLElement;
    expect(within(brunos).queryByText('Você')).toBeNull();
    const own = within(mine).getByLabelText('Status de Administradora Demo');
    await userEvent.click(own);
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Você não pode desativar a sua própria conta.'),
    );
    await waitFor(() => expect(within(mine).getByText('Ativo')).toBeInTheDocument());
    expect(within(mine).queryByRole('button', { name: 'Desfazer' })).toBeNull();
    await userEvent.click(within(brunos).getByLabelText('Status de Bruno Souza'));
    await waitFor(() =>
      expect(sent.filter((call) => call.url === '/cms/users/change-status').map((call) => call.body)).toEqual([
        { id: 'a1', active: false },
        { id: 'a2', active: false },
      ]),
    );
    session.clearUser();
  });
});
