import { session, type Toast, toasts } from '@especifica/mf-shared';
import { MemoryRouter } from '@especifica/mf-shared/router';
import { fakeApi, type Sent } from '@especifica/mf-shared/testing';
import { UiProvider } from '@especifica/mf-shared/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfilePage } from '../components/profile-page';

const profile = {
  userType: 'professional',
  _id: 'p1',
  name: 'Eduardo Engenheiro',
  email: 'eduardo@especifica.dev',
  cellphone: '11987654321',
  profileImage: null,
  userData: { cpf: '52998224725', birthDate: '1985-03-10', gender: null },
  address: {
    zipCode: '01310100',
    street: 'Av. Paulista',
    number: '1',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  },
  profession: 'Engenheiro',
  modality: 'Autônomo',
  cau: null,
  crea: 'SP-1',
  abd: null,
  office: null,
  socialMedia: null,
  acceptReceiveEmail: false,
  totalPoints: 1200,
  level: { level: 'Bronze', name: 'Bronze', points: 1200, sublevel: 1 },
};

let sent: Sent[] = [];
const answer = (routes: Record<string, [number, unknown]>) => {
  sent = fakeApi(routes);
};

const renderProfile = () =>
  render(
    <UiProvider>
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>
    </UiProvider>,
  );

describe('the profile page', () => {
  const shown: Toast[] = [];
  const subscription = toasts.toasts.subscribe((toast) => shown.push(toast));
  afterAll(() => subscription.unsubscribe());
  beforeEach(() => {
    shown.length = 0;
    session.setUser({
      ...profile,
      profileImage: null,
      userType: 'professional',
      shopkeeperType: null,
      accessToken: 'tok',
    });
  });

  it('saves the data, shows "Profissional atualizado com sucesso!" and puts the new name in the session the header reads', async () => {
    answer({
      '/professionals/get-profile-data': [200, profile],
      '/professionals/update-me': [
        200,
        {
          msg: 'Profissional atualizado com sucesso!',
          user: { name: 'Eduardo E. Silva', email: profile.email, profileImage: null },
        },
      ],
    });
    renderProfile();
    const name = await screen.findByLabelText('Nome completo');
    await userEvent.clear(name);
    await userEvent.type(name, 'Eduardo E. Silva');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(shown.map((t) => t.message)).toContain('Profissional atualizado com sucesso!'));
    expect(session.value.user?.name).toBe('Eduardo E. Silva');
    // Only what changed goes: the rest is what the server holds.
    const body = sent.find((call) => call.url === '/professionals/update-me')?.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({ _id: 'p1', name: 'Eduardo E. Silva' });
  });

  it('marks the required fields and saves only the phone of an older account that lacks its address and birth date', async () => {
    const older = {
      ...profile,
      profession: 'Arquiteta',
      cau: 'A1',
      crea: null,
      address: null,
      userData: { cpf: '52998224725', birthDate: null, gender: null },
      modality: null,
    };
    answer({
      '/professionals/get-profile-data': [200, older],
      '/professionals/update-me': [
        200,
        { msg: 'ok', user: { name: older.name, email: older.email, profileImage: null } },
      ],
    });
    renderProfile();
    const phone = await screen.findByLabelText('Celular');
    expect(screen.getByText('Campos com * são obrigatórios.')).toBeInTheDocument();
    for (const label of ['Nome completo', 'Celular', 'CPF', 'CEP', 'Endereço', 'Número', 'Bairro', 'Cidade']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Complemento')).not.toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveAttribute('aria-required', 'true');
    // 'Arquiteta' is the option Arquiteto, with its CAU.
    expect(screen.getByRole('combobox', { name: 'Profissão' })).toHaveTextContent('Arquiteto');
    expect(screen.getByLabelText('Número de registro (CAU)')).toHaveValue('A1');

    await userEvent.clear(phone);
    await userEvent.type(phone, '11912345678');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(sent.some((call) => call.url === '/professionals/update-me')).toBe(true));
    const body = sent.find((call) => call.url === '/professionals/update-me')?.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({ _id: 'p1', cellphone: '11912345678' });
  });

  it('checks a changed address as a whole, beside its fields, and sends nothing until it is whole', async () => {
    answer({
      '/professionals/get-profile-data': [200, { ...profile, address: null }],
      '/addresses/04538133': [404, { msg: 'CEP não encontrado.' }],
    });
    renderProfile();
    await userEvent.type(await screen.findByLabelText('CEP'), '04538133');
    expect(
      await screen.findByText('Não encontramos o endereço deste CEP automaticamente. Preencha os campos abaixo.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Digite um endereço válido.')).toBeInTheDocument();
    expect(screen.getByText('Digite o número.')).toBeInTheDocument();
    expect(sent.some((call) => call.url === '/professionals/update-me')).toBe(false);
  });

  it("fills the address from a new CEP, as the sign-up does, and sends it with the person's number", async () => {
    answer({
      '/professionals/get-profile-data': [200, profile],
      '/addresses/04538133': [
        200,
        {
          zipCode: '04538133',
          street: 'Av. Brigadeiro Faria Lima',
          neighborhood: 'Itaim Bibi',
          city: 'São Paulo',
          state: 'SP',
        },
      ],
      '/professionals/update-me': [
        200,
        { msg: 'ok', user: { name: profile.name, email: profile.email, profileImage: null } },
      ],
    });
    renderProfile();
    const cep = await screen.findByLabelText('CEP');
    // The saved CEP is not looked up again: what the person wrote stays.
    expect(sent.some((call) => call.url?.startsWith('/addresses/'))).toBe(false);
    await userEvent.clear(cep);
    await userEvent.type(cep, '04538133');
    await waitFor(() => expect(screen.getByLabelText('Endereço')).toHaveValue('Av. Brigadeiro Faria Lima'));
    expect(screen.getByLabelText('Bairro')).toHaveValue('Itaim Bibi');
    await userEvent.clear(screen.getByLabelText('Número'));
    await userEvent.type(screen.getByLabelText('Número'), '3477');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(sent.some((call) => call.url === '/professionals/update-me')).toBe(true));
    const body = sent.find((call) => call.url === '/professionals/update-me')?.body as FormData;
    expect(JSON.parse(String(body.get('address')))).toEqual({
      zipCode: '04538133',
      street: 'Av. Brigadeiro Faria Lima',
      number: '3477',
      complement: '',
      neighborhood: 'Itaim Bibi',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(body.get('name')).toBeNull();
  });

  it('changes the picture and the session, or shows the image error toast', async () => {
    answer({
      '/professionals/get-profile-data': [200, profile],
      '/professionals/set-profile-image': [
        200,
        { msg: 'Imagem atualizada com sucesso!', profileImage: '/api/files/avatars/a.png' },
      ],
    });
    renderProfile();
    const input = await screen.findByLabelText('Foto de perfil');
    await userEvent.upload(input, new File(['png'], 'eu.png', { type: 'image/png' }));
    await waitFor(() => expect(session.value.user?.profileImage).toBe('/api/files/avatars/a.png'));

    answer({ '/professionals/set-profile-image': [415, { msg: 'Tipo de arquivo não aceito', code: 'file-type' }] });
    await userEvent.upload(input, new File(['x'], 'x.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(shown.map((t) => t.message)).toContain(
        'Ocorreu um erro ao atualizar a imagem, verifique tente novamente.',
      ),
    );
  });

  it('changes the password with the current one and keeps the fresh token', async () => {
    answer({
      '/professionals/get-profile-data': [200, profile],
      '/professionals/update-me': [
        200,
        { msg: 'ok', user: { name: profile.name, email: profile.email, profileImage: null }, accessToken: 'fresh' },
      ],
    });
    renderProfile();
    await userEvent.type(await screen.findByLabelText('Senha atual'), 'Especifica@2026');
    await userEvent.type(screen.getByLabelText('Nova senha'), 'uma nova senha');
    await userEvent.type(screen.getByLabelText('Confirme a nova senha'), 'outra coisa');
    await userEvent.click(screen.getByRole('button', { name: 'Trocar senha' }));
    expect(await screen.findByText('As senhas não coincidem.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Confirme a nova senha'));
    await userEvent.type(screen.getByLabelText('Confirme a nova senha'), 'uma nova senha');
    await userEvent.click(screen.getByRole('button', { name: 'Trocar senha' }));
    await waitFor(() => expect(session.value.user?.accessToken).toBe('fresh'));
    const body = sent.find((call) => call.url === '/professionals/update-me')?.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({
      _id: 'p1',
      password: 'uma nova senha',
      currentPassword: 'Especifica@2026',
    });
  });
});
