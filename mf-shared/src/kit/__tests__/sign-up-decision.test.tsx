import { api, createI18n } from '@especifica/mf-shared';
import { type FakeRoutes, fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { registerKitTexts, type SignUpApproval, SignUpDecision, type SignUpDecisionProps } from '../index';

const lucas = { name: 'Lucas Andrade', storeName: 'Casa & Acabamento Demo' };
const decide = (approval: SignUpApproval) => api.post<{ msg: string }>('/decide', { id: 'u1', approval });
const answers: FakeRoutes = {
  '/decide': (body: unknown) => [
    200,
    { msg: (body as { approval: string }).approval === 'approved' ? 'Cadastro aprovado.' : 'Cadastro recusado.' },
  ],
};
const decisions = (sent: { url?: string; body: unknown }[]) =>
  sent.filter((call) => call.url === '/decide').map((call) => (call.body as { approval: string }).approval);

const renderDecision = (by: SignUpDecisionProps['by']) =>
  renderPage('/', ['/'], <SignUpDecision person={lucas} by={by} decide={decide} invalidates={[['pending']]} />);

jest.setTimeout(20_000);

describe('the sign-up decision', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  it("asks the store's manager before approving, then records the decision and toasts the server's sentence", async () => {
    const sent = fakeApi(answers);
    renderDecision('manager');
    await userEvent.click(screen.getByRole('button', { name: 'Aprovar o cadastro de Lucas Andrade' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Aprovar o cadastro de Lucas Andrade?');
    expect(dialog).toHaveTextContent('Lucas Andrade poderá registrar vendas, enviar arquivos');
    expect(decisions(sent)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(toasts.shown.map((toast) => toast.message)).toEqual(['Cadastro aprovado.']));
    expect(decisions(sent)).toEqual(['approved']);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const sent = fakeApi(answers);
    renderDecision('manager');
    await userEvent.click(screen.getByRole('button', { name: 'Recusar o cadastro de Lucas Andrade' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('A conta de Lucas Andrade será encerrada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(decisions(sent)).toEqual([]);
    expect(toasts.shown).toEqual([]);
  });

  it('lets the admin approve at once, and asks before a refusal that names the store', async () => {
    const sent = fakeApi(answers);
    renderDecision('admin');
    await userEvent.click(screen.getByRole('button', { name: 'Aprovar o cadastro de Lucas Andrade' }));
    await waitFor(() => expect(decisions(sent)).toEqual(['approved']));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Recusar o cadastro de Lucas Andrade' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Lucas Andrade se cadastrou como lojista de Casa & Acabamento Demo. Recusado, o cadastro é desativado',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    await waitFor(() => expect(decisions(sent)).toEqual(['approved', 'refused']));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toEqual(['Cadastro aprovado.', 'Cadastro recusado.']),
    );
  });

  it("shows its pt-BR words with an older shell's i18n instance, whose dictionary has no sign-up texts", async () => {
    const older = createI18n();
    older.removeResourceBundle('ptBR', 'translation');
    older.addResourceBundle('ptBR', 'translation', { kit: { search: 'Pesquisar' }, forms: { cancel: 'Cancelar' } });
    expect(older.t('kit.signUp.refuse')).toBe('kit.signUp.refuse');
    registerKitTexts(older);
    // The shell's own texts stay as they are.
    expect(older.t('kit.search')).toBe('Pesquisar');
    fakeApi(answers);
    renderPage(
      '/',
      ['/'],
      <I18nextProvider i18n={older}>
        <SignUpDecision person={lucas} by="admin" decide={decide} invalidates={[]} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('button', { name: 'Aprovar o cadastro de Lucas Andrade' })).toHaveTextContent('Aprovar');
    await userEvent.click(screen.getByRole('button', { name: 'Recusar o cadastro de Lucas Andrade' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Recusar o cadastro de Lucas Andrade?');
    expect(dialog).toHaveTextContent('Lucas Andrade se cadastrou como lojista de Casa & Acabamento Demo.');
  });

  it("registers its texts into the page's i18n instance when the kit loads", () => {
    jest.isolateModules(() => {
      // The runtime of a shell built before the sign-up texts: its dictionary's kit has none.
      jest.doMock('../../i18n/pt-br', () => {
        const actual = jest.requireActual('../../i18n/pt-br');
        const { signUp: _newer, ...olderKit } = actual.ptBR.kit;
        return { ...actual, ptBR: { ...actual.ptBR, kit: olderKit } };
      });
      const page = require('@especifica/mf-shared') as typeof import('@especifica/mf-shared');
      expect(page.i18n.t('kit.signUp.approve')).toBe('kit.signUp.approve');
      require('../sign-up-decision');
      expect(page.i18n.t('kit.signUp.approve')).toBe('Aprovar');
      expect(page.i18n.t('kit.signUp.refuseDescription', { name: 'Lucas' })).toBe(
        'A conta de Lucas será encerrada e não poderá mais entrar. Avisaremos por e-mail.',
      );
    });
    jest.dontMock('../../i18n/pt-br');
  });
});
