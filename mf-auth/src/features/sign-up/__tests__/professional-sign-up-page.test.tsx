import { session, type Toast, toasts } from '@especifica/mf-shared';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfessionalSignUpPage } from '../components/professional-sign-up-page';

describe('the professional sign-up steps', () => {
  const shown: Toast[] = [];
  const subscription = toasts.toasts.subscribe((toast) => shown.push(toast));
  afterAll(() => subscription.unsubscribe());
  beforeEach(() => {
    shown.length = 0;
    session.setSignUp(null);
  });

  it('validates the first step before the next and says when the e-mail is taken', async () => {
    const sent = fakeApi({
      '/auth/terms/current': [404, { msg: 'x' }],
      '/professionals/get-email': [200, { available: false, code: 'email-taken' }],
    });
    renderPage('/sign-up-profissional', ['/sign-up-profissional'], <ProfessionalSignUpPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Digite um nome válido.')).toBeInTheDocument();
    expect(screen.getByText('Digite um CPF válido.')).toBeInTheDocument();
    expect(sent.filter((call) => call.url === '/professionals/get-email')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Nome completo'), 'Pessoa Teste');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@especifica.dev');
    await userEvent.type(screen.getByLabelText('Celular'), '11987654321');
    await userEvent.type(screen.getByLabelText('CPF'), '52998224725');
    await userEvent.type(screen.getByLabelText('Data de nascimento (DD/MM/AAAA)'), '17051990');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(
      await screen.findByText('Este e-mail já está cadastrado. Entre com ele ou recupere sua senha.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Etapa 1 de 6')).toBeInTheDocument();
  });

  it('keeps the complete-your-data step of user-incomplete: e-mail fixed, no password step', async () => {
    fakeApi({ '/auth/terms/current': [404, { msg: 'x' }] });
    session.setSignUp({
      mode: 'complete',
      userId: 'u1',
      registrationToken: 'tok',
      stores: [{ id: 's1', name: 'Loja Um' }],
      user: { name: 'Incompleto', email: 'inc@especifica.dev' },
    });
    renderPage('/sign-up-profissional', ['/sign-up-profissional'], <ProfessionalSignUpPage />);
    expect(screen.getByRole('heading', { name: 'Complete seu cadastro' })).toBeInTheDocument();
    expect(screen.getByText('Etapa 1 de 5')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('inc@especifica.dev');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    await waitFor(() => expect(screen.getByLabelText('Nome completo')).toHaveValue('Incompleto'));
  });
});
