import { session } from '@especifica/mf-shared';
import { fakeApi, renderPage } from '@especifica/mf-shared/testing';
import { act, screen } from '@testing-library/react';
import { rulesAnswer } from '../../../app/test-rules';
import { RegulationPage } from '../components/regulation-page';

const regulation = (accepted = { version: 2, at: '2026-03-05T15:00:00Z' }) => ({
  version: 2,
  title: 'Regulamento do Programa Especifica (versão 2)',
  content: '1. O programa.\n\n2. Pontos valem 24 meses.',
  publishedAt: '2026-02-01T12:00:00Z',
  accepted,
  previous: { version: 1, publishedAt: '2025-01-01T12:00:00Z' },
  changes: [
    { kind: 'changed', before: '2. Pontos valem 12 meses.', after: '2. Pontos valem 24 meses.' },
    { kind: 'added', before: null, after: '3. Níveis por ciclo.' },
  ],
});

describe('the regulation screen', () => {
  it('shows the current version, when I accepted it, its text and what changed', async () => {
    fakeApi({ '/professionals/regulation': [200, regulation()] });
    renderPage('/regulation', ['/regulation'], <RegulationPage />);
    expect(await screen.findByText('Versão 2, publicada em 01/02/2026')).toBeInTheDocument();
    expect(screen.getByTestId('regulation-accepted')).toHaveTextContent('Você aceitou esta versão em 05/03/2026.');
    expect(screen.getByRole('heading', { name: 'O que mudou desde a versão 1 (01/01/2025)' })).toBeInTheDocument();
    const changes = screen.getAllByTestId('regulation-change');
    expect(changes[0]).toHaveTextContent('Alterado');
    expect(changes[0]).toHaveTextContent('Antes: 2. Pontos valem 12 meses.');
    expect(changes[1]).toHaveTextContent('Incluído');
    expect(screen.getByRole('article')).toHaveTextContent('2. Pontos valem 24 meses.');
  });

  it("shows a professional the rules of their profession and its text, under the programme's rules per profession", async () => {
    session.setUser({
      name: 'Ana',
      email: 'ana@especifica.dev',
      profileImage: null,
      accessToken: 'tok',
      userType: 'professional',
      shopkeeperType: null,
    });
    fakeApi({
      '/professionals/regulation': [200, regulation()],
      '/professionals/rules': rulesAnswer({
        earns: 'nothing',
        experiences: 'open',
        levels: false,
        text: 'Conforme a orientação do CAU.',
      }),
    });
    renderPage('/regulation', ['/regulation'], <RegulationPage />);
    const rules = await screen.findByTestId('regulation-rules');
    expect(rules).toHaveTextContent('Regras para Arquiteto');
    expect(rules).toHaveTextContent('Suas especificações não acumulam pontos.');
    expect(rules).toHaveTextContent('As experiências são abertas a você, sem custo em pontos nem nível mínimo');
    expect(rules).toHaveTextContent('Sua profissão não participa dos níveis do programa.');
    expect(rules).toHaveTextContent('Conforme a orientação do CAU.');
    act(() => session.clearUser());
  });

  it('says when an older version was accepted', async () => {
    fakeApi({ '/professionals/regulation': [200, regulation({ version: 1, at: '2025-02-01T12:00:00Z' })] });
    renderPage('/regulation', ['/regulation'], <RegulationPage />);
    expect(await screen.findByTestId('regulation-accepted')).toHaveTextContent('Você aceitou a versão 1');
  });

  it("shows the server's msg when there is no regulation", async () => {
    fakeApi({ '/professionals/regulation': [404, { msg: 'Nenhum regulamento publicado.' }] });
    renderPage('/regulation', ['/regulation'], <RegulationPage />);
    expect(await screen.findByText('Nenhum regulamento publicado.')).toBeInTheDocument();
  });
});
