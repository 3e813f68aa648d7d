import { session } from '@especifica/mf-shared';
import { fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CmsProfilePage } from '../components/cms-profile-page';

const me = { id: 'a1', name: 'Administradora Demo', email: 'admin@especifica.dev', profileImage: null };

describe('the admin profile page', () => {
  const { shown, stop } = recordToasts();
  afterAll(stop);
  beforeEach(() => {
    shown.length = 0;
    session.setUser({ ...me, userType: 'admin', shopkeeperType: null, accessToken: 'tok' });
  });

  it('saves the name and shows "Usuário atualizado com sucesso!"', async () => {
    fakeApi({
      '/cms/users/me': [200, me],
      '/cms/users/update-me': [200, { msg: 'ok', user: { ...me, name: 'Admin Nova' } }],
    });
    renderPage('/cms/profile', ['/cms/profile'], <CmsProfilePage />);
    const name = await screen.findByLabelText('Nome completo');
    await waitFor(() => expect(name).toHaveValue('Administradora Demo'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Admin Nova');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(shown.map((t) => t.message)).toContain('Usuário atualizado com sucesso!'));
    expect(session.value.user?.name).toBe('Admin Nova');
  });

  it('shows the image error toast when the picture is refused', async () => {
    fakeApi({
      '/cms/users/me': [200, me],
      '/cms/users/set-profile-image': [413, { msg: 'grande', code: 'file-too-large' }],
    });
    renderPage('/cms/profile', ['/cms/profile'], <CmsProfilePage />);
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
