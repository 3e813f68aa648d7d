import { session, type Toast, toasts } from '@especifica/mf-shared';
import { MemoryRouter } from '@especifica/mf-shared/router';
import { fakeApi } from '@especifica/mf-shared/testing';
import { UiProvider } from '@especifica/mf-shared/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CmsProfilePage } from '../components/cms-profile-page';

const answer = (routes: Record<string, [number, unknown]>) => void fakeApi(routes);

const me = { id: 'a1', name: 'Administradora Demo', email: 'admin@especifica.dev', profileImage: null };

describe('the admin profile page', () => {
  const shown: Toast[] = [];
  const subscription = toasts.toasts.subscribe((toast) => shown.push(toast));
  afterAll(() => subscription.unsubscribe());
  beforeEach(() => {
    shown.length = 0;
    session.setUser({ ...me, userType: 'admin', shopkeeperType: null, accessToken: 'tok' });
  });

  it('saves the name and shows "Usuário atualizado com sucesso!"', async () => {
    answer({
      '/cms/users/me': [200, me],
      '/cms/users/update-me': [200, { msg: 'ok', user: { ...me, name: 'Admin Nova' } }],
    });
    render(
      <UiProvider>
        <MemoryRouter>
          <CmsProfilePage />
        </MemoryRouter>
      </UiProvider>,
    );
    const name = await screen.findByLabelText('Nome completo');
    await waitFor(() => expect(name).toHaveValue('Administradora Demo'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Admin Nova');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(shown.map((t) => t.message)).toContain('Usuário atualizado com sucesso!'));
    expect(session.value.user?.name).toBe('Admin Nova');
  });

  it('shows the image error toast when the picture is refused', async () => {
    answer({
      '/cms/users/me': [200, me],
      '/cms/users/set-profile-image': [413, { msg: 'grande', code: 'file-too-large' }],
    });
    render(
      <UiProvider>
        <MemoryRouter>
          <CmsProfilePage />
        </MemoryRouter>
      </UiProvider>,
    );
    await userEvent.upload(
      await screen.findByLabelText('Foto de perfil'),
      new File(['x'], 'x.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(shown.map((t) => t.message)).toContain(
        'Ocorreu um erro ao atualizar a imagem, verifique tente novamente.',
      ),
    );
  });
});
