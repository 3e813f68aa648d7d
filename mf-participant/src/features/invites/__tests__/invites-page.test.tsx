import { fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../../app/test-session';
import { InvitesPage } from '../components/invites-page';

const invite = (email: string, accepted: boolean) => ({
  id: email,
  storeId: 's1',
  storeName: 'Casa & Acabamento',
  email,
  name: '',
  invitedBy: 'shopkeeper:x',
  accepted,
  createdAt: '2026-05-01T12:00:00Z',
  signUpUrl: `http://localhost/sign-up-profissional?referenceStore=s1&email=${encodeURIComponent(email)}`,
});

jest.setTimeout(20_000);

describe('the invites screen', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
    signIn('shopkeeper', 'seller');
  });

  it('invites by e-mail, lists it as sent, and copies its sign-up link', async () => {
    const invites = [invite('bia@estudio.dev', true)];
    const sent = fakeApi({
      '/shopkeeper/invites/get-all': () => [200, { items: [...invites], total: invites.length, page: 1, limit: 25 }],
      '/shopkeeper/invites/invite': (body) => {
        const item = invite((body as { form: { email: string } }).form.email, false);
        invites.unshift(item);
        return [200, { msg: 'Profissional convidado com sucesso!', item }];
      },
    });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage('/invites', ['/invites'], <InvitesPage />);
    expect(await screen.findByText('Cadastrado')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'novo@estudio.dev');
    await userEvent.click(screen.getByRole('button', { name: 'Convidar' }));
    const copy = await screen.findByRole('button', { name: 'Copiar link de cadastro de novo@estudio.dev' });
    const states = screen.getAllByText(/^(Enviado|Cadastrado)$/);
    expect(states.map((state) => [state.textContent, state.getAttribute('data-row-badge')])).toEqual([
      ['Enviado', 'stone'],
      ['Cadastrado', 'success'],
    ]);
    expect(sent.find((call) => call.url === '/shopkeeper/invites/invite')?.body).toEqual({
      form: { email: 'novo@estudio.dev', name: '' },
    });
    expect(toasts.shown.map((t) => t.message)).toContain('Profissional convidado com sucesso!');
    await userEvent.click(copy);
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('email=novo%40estudio.dev'));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('Link de cadastro copiado!'));
  });

  it('keeps the e-mail typed when the server refuses it', async () => {
    fakeApi({
      '/shopkeeper/invites/get-all': [200, { items: [], total: 0, page: 1, limit: 25 }],
      '/shopkeeper/invites/invite': [
        422,
        { msg: 'Esta loja está inativa e não pode convidar.', code: 'store-inactive' },
      ],
    });
    renderPage('/invites', ['/invites'], <InvitesPage />);
    expect(await screen.findByText('Nenhum convite enviado ainda.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'bia@estudio.dev');
    await userEvent.click(screen.getByRole('button', { name: 'Convidar' }));
    await waitFor(() =>
      expect(toasts.shown.map((t) => t.message)).toContain('Esta loja está inativa e não pode convidar.'),
    );
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('bia@estudio.dev');
  });

  it('says beside the e-mail that the person is already in the programme, keeping what was typed', async () => {
    const message = 'Este e-mail já é de um profissional do Especifica: não é preciso convidá-lo.';
    fakeApi({
      '/shopkeeper/invites/get-all': [200, { items: [], total: 0, page: 1, limit: 25 }],
      '/shopkeeper/invites/invite': [409, { msg: message, code: 'invite-member', data: [{ field: 'email', message }] }],
    });
    renderPage('/invites', ['/invites'], <InvitesPage />);
    expect(await screen.findByText('Nenhum convite enviado ainda.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'ana@especifica.dev');
    await userEvent.click(screen.getByRole('button', { name: 'Convidar' }));
    const email = screen.getByLabelText(/^E-mail/);
    await waitFor(() => expect(email).toHaveAccessibleDescription(message));
    expect(email).toHaveValue('ana@especifica.dev');
  });
});
