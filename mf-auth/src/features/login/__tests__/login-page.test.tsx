import { session } from '@especifica/mf-shared';
import { MemoryRouter, Route, Routes, useLocation } from '@especifica/mf-shared/router';
import { fakeApi, recordToasts, type Sent } from '@especifica/mf-shared/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { safeRedirect } from '../api/login';
import { LoginPage } from '../components/login-page';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(url: string, variant: 'participant' | 'admin' = 'participant') {
  // No UI kit provider: the login card is drawn without Chakra.
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<LoginPage variant={variant} />} />
        <Route path="/cms/login" element={<LoginPage variant={variant} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const user = {
  name: 'Sérgio Vendedor',
  email: 'sergio@especifica.dev',
  profileImage: null,
  userType: 'shopkeeper',
  shopkeeperType: 'seller',
};

describe('the login page', () => {
  const { shown, stop } = recordToasts();
  afterAll(stop);
  /** What the page sent; no call is answered unless a test says how. */
  let posted: Sent[] = [];
  beforeEach(() => {
    posted = fakeApi({});
    shown.length = 0;
    localStorage.clear();
    session.clearUser();
  });

  it("draws the field's line drawing beside the form from 1024 px, hidden from screen readers, and none on a phone", () => {
    renderAt('/login');
    const scene = screen.getByTestId('field-scene');
    expect(scene).toHaveAttribute('aria-hidden', 'true');
    expect(scene).toHaveAttribute('stroke', 'currentColor');
    // Lines only: no picture that could become the page's largest paint before the form.
    expect(scene.querySelector('image, img, text')).toBeNull();
    expect(scene.parentElement).toHaveClass('es-art');
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toContain('.es-art{display:none}');
    expect(css).toMatch(/@media \(min-width:1024px\)\{[^@]*\.es-art\{display:block/);
  });

  it('shows the field messages of spec 5 and sends nothing when the fields are empty', async () => {
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Digite um login válido.')).toBeInTheDocument();
    expect(screen.getByText('Digite a senha.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('ties each message to its field, announces it and focuses the first field in error', async () => {
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('Senha'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Digite um login válido.');
    expect(screen.getByText('Digite um login válido.')).toHaveAttribute('aria-live', 'polite');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Senha')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Digite a senha.')).not.toBeInTheDocument();
  });

  it('after a first attempt, follows each change: a message leaves once its field is valid', async () => {
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana');
    expect(screen.queryByText('Digite um login válido.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Digite um login válido.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), '@especifica.dev');
    expect(screen.queryByText('Digite um login válido.')).not.toBeInTheDocument();
    expect(screen.getByText('Digite a senha.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('sends the e-mail trimmed, as the contract reads it, and waits with the button busy', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    posted = fakeApi({
      '/auth/login': async () => {
        await held;
        return [429, { msg: 'Muitas tentativas. Aguarde um pouco e tente novamente.', code: 'too-many-requests' }];
      },
    });
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('E-mail'), '  ana@especifica.dev ');
    await userEvent.type(screen.getByLabelText('Senha'), 'Especifica@2026');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const button = screen.getByRole('button', { name: 'Entrar' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(posted[0]?.body).toEqual({ email: 'ana@especifica.dev', password: 'Especifica@2026' });
    release();
    // A rate limit (or any other server message) is the server's own text.
    await waitFor(() =>
      expect(shown.map((t) => t.message)).toEqual(['Muitas tentativas. Aguarde um pouco e tente novamente.']),
    );
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it("sends what a browser's autofill put in the fields, though it fired no input event", async () => {
    posted = fakeApi({ '/auth/login': [401, { msg: 'Login ou senha inválidos', code: 'invalid-credentials' }] });
    renderAt('/login');
    (screen.getByLabelText('E-mail') as HTMLInputElement).value = 'ana@especifica.dev';
    (screen.getByLabelText('Senha') as HTMLInputElement).value = 'Especifica@2026';
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toEqual({ email: 'ana@especifica.dev', password: 'Especifica@2026' });
    expect(screen.queryByText('Digite um login válido.')).toBeNull();
  });

  it('shows the toast "Login ou senha inválidos" on invalid credentials and stays', async () => {
    posted = fakeApi({ '/auth/login': [401, { msg: 'Login ou senha inválidos', code: 'invalid.credentials' }] });
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@especifica.dev');
    await userEvent.type(screen.getByLabelText('Senha'), 'errada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(shown.map((t) => t.message)).toEqual(['Login ou senha inválidos']));
    expect(shown[0]?.type).toBe('error');
    expect(session.value.loginStatus).toBe('LOGIN_FAILED');
    expect(session.value.user).toBeNull();
  });

  it('logs a shopkeeper in through the shopkeeper endpoint and follows the redirect query', async () => {
    posted = fakeApi({ '/auth/shopkeeper-login': [200, { accessToken: 'tok', user }] });
    renderAt('/login?redirect=%2Fextract');
    await userEvent.click(screen.getByRole('button', { name: 'Sou lojista' }));
    await userEvent.type(screen.getByLabelText('E-mail'), 'sergio@especifica.dev');
    await userEvent.type(screen.getByLabelText('Senha'), 'Especifica@2026');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/extract');
    expect(posted[0]).toMatchObject({
      url: '/auth/shopkeeper-login',
      body: { email: 'sergio@especifica.dev', password: 'Especifica@2026' },
    });
    expect(session.value.user).toMatchObject({ name: 'Sérgio Vendedor', accessToken: 'tok', userType: 'shopkeeper' });
  });

  it('logs an admin in at /cms/login through the admin endpoint', async () => {
    posted = fakeApi({
      '/auth/admin-login': [200, { accessToken: 'tok', user: { ...user, userType: 'admin', shopkeeperType: null } }],
    });
    renderAt('/cms/login', 'admin');
    expect(screen.queryByRole('button', { name: 'Sou lojista' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), 'admin@especifica.dev');
    await userEvent.type(screen.getByLabelText('Senha'), 'Especifica@2026');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/cms/dashboard');
    expect(posted[0]?.url).toBe('/auth/admin-login');
  });
});

describe('where login sends the user', () => {
  it.each([
    [null, 'professional', '/dashboard'],
    [null, 'admin', '/cms/dashboard'],
    ['/extract?page=2', 'professional', '/extract?page=2'],
    ['//evil.example', 'professional', '/dashboard'],
    ['https://evil.example', 'professional', '/dashboard'],
    ['/\\evil.example', 'professional', '/dashboard'],
  ] as const)('redirect %s for %s goes to %s', (target, role, expected) => {
    expect(safeRedirect(target, role)).toBe(expected);
  });
});
