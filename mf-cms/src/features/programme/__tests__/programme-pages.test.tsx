import { defaultRules } from '@especifica/mf-shared/contracts';
import { fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuditPage } from '../components/audit-page';
import { FaqPage } from '../components/faq-page';
import { LevelsPage } from '../components/levels-page';
import { ProfessionRulesPage } from '../components/profession-rules-page';
import { RegulationPage } from '../components/regulation-page';
import { ProgrammeSettingsPage } from '../components/settings-page';

const settings = {
  pointsPerReal: 1,
  shopkeeperSharePercent: 10,
  expiryMonths: 24,
  customerWindowDays: 180,
  reviewDeadlineDays: 5,
  automaticReview: false,
  automaticReviewHoldHours: 24,
  automaticReviewMaxTotal: 5000,
  automaticReviewMaxAgeDays: 90,
  automaticReviewSamplePercent: 5,
  riskInvoicesPerDay: 10,
  riskTotalAbove: 50000,
  retentionYears: 5,
};
const levels = [
  { id: '0b7c2a56-1d6e-4c1a-9a61-3f1f8f0c0001', name: 'Bronze', points: 0, sublevels: 3, benefits: 'Boas-vindas' },
  { id: '0b7c2a56-1d6e-4c1a-9a61-3f1f8f0c0002', name: 'Prata', points: 5000, sublevels: 3, benefits: '' },
];
const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];

// Forms typed into in jsdom are slow.
jest.setTimeout(30_000);

describe('the programme screens', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);
  beforeEach(() => {
    toasts.shown.length = 0;
  });

  describe('settings', () => {
    it('refuses a points validity out of range in pt-BR, then saves and says "Atualizado com sucesso!"', async () => {
      const sent = fakeApi({
        '/cms/config/get-settings': [200, settings],
        '/cms/config/update-settings': [200, { msg: 'Atualizado com sucesso!' }],
      });
      renderPage('/cms/programme/settings', ['/cms/programme/settings'], <ProgrammeSettingsPage />);
      const months = await screen.findByLabelText('Validade dos pontos (meses)');
      expect(months).toHaveValue('24');
      await userEvent.clear(months);
      await userEvent.type(months, '200');
      await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('A validade dos pontos vai de 1 a 120 meses.')).toBeInTheDocument();
      expect(sent.some((call) => call.url === '/cms/config/update-settings')).toBe(false);
      await userEvent.clear(months);
      await userEvent.type(months, '36');
      await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() =>
        expect(sent.find((call) => call.url === '/cms/config/update-settings')?.body).toEqual({
          ...settings,
          expiryMonths: 36,
        }),
      );
      await waitFor(() => expect(toasts.shown.map((toast) => toast.message)).toContain('Atualizado com sucesso!'));
    });

    it("switches the automatic approval on with its limits, refusing a wait out of range, the API's error by its field", async () => {
      const sent = fakeApi({
        '/cms/config/get-settings': [200, settings],
        '/cms/jobs/automatic-review/today': [
          200,
          { approved: 1, waiting: 12, held: [{ rule: 'total', label: 'Valor dentro do limite', count: 2 }] },
        ],
        '/cms/config/update-settings': [
          400,
          {
            msg: 'O valor máximo não pôde ser salvo.',
            code: 'validation',
            data: [{ field: 'automaticReviewMaxTotal', message: 'O valor máximo não pôde ser salvo.' }],
          },
        ],
      });
      renderPage('/cms/programme/settings', ['/cms/programme/settings'], <ProgrammeSettingsPage />);
      const card = within(await screen.findByRole('region', { name: 'Aprovação automática' }));
      // What the review did today, above its settings.
      const today = await card.findByTestId('review-today');
      expect(today).toHaveTextContent('Hoje: 1 nota aprovada automaticamente.');
      expect(today).toHaveTextContent('12 notas pendentes ainda aguardam a análise automática.');
      expect(today).toHaveTextContent('2 deixadas para a equipe: Valor dentro do limite');
      const on = card.getByRole('checkbox', { name: /Aprovar automaticamente/ });
      expect(on).not.toBeChecked();
      expect(card.getByLabelText('Prazo de análise (dias)')).toHaveValue('5');
      await userEvent.click(on);
      const hold = card.getByLabelText('Espera após a emissão (horas)');
      await userEvent.clear(hold);
      await userEvent.type(hold, '1000');
      await userEvent.click(card.getByRole('button', { name: 'Salvar aprovação automática' }));
      expect(await card.findByText('A espera após a emissão vai de 0 a 720 horas.')).toBeInTheDocument();
      expect(sent.some((call) => call.url === '/cms/config/update-settings')).toBe(false);
      await userEvent.clear(hold);
      await userEvent.type(hold, '48');
      const deadline = card.getByLabelText('Prazo de análise (dias)');
      await userEvent.clear(deadline);
      await userEvent.type(deadline, '7');
      await userEvent.click(card.getByRole('button', { name: 'Salvar aprovação automática' }));
      await waitFor(() =>
        expect(sent.find((call) => call.url === '/cms/config/update-settings')?.body).toEqual({
          ...settings,
          automaticReview: true,
          automaticReviewHoldHours: 48,
          reviewDeadlineDays: 7,
        }),
      );
      // The API's refusal lands on the field it names.
      const maxTotal = card.getByLabelText('Valor máximo aprovado sem a equipe');
      await waitFor(() => expect(maxTotal).toHaveAccessibleDescription(/O valor máximo não pôde ser salvo\./));
    });

    it('changes the years of inactivity before an account is anonymised, within 1 to 20', async () => {
      const sent = fakeApi({
        '/cms/config/get-settings': [200, settings],
        'POST /cms/config/update-settings': [200, { msg: 'Atualizado com sucesso!' }],
      });
      renderPage('/cms/programme/settings', ['/cms/programme/settings'], <ProgrammeSettingsPage />);
      const card = within(await screen.findByRole('region', { name: 'Contas inativas' }));
      const years = card.getByLabelText('Anos sem acesso até a exclusão');
      expect(years).toHaveValue('5');
      await userEvent.clear(years);
      await userEvent.type(years, '30');
      await userEvent.click(card.getByRole('button', { name: 'Salvar prazo de inatividade' }));
      expect(await card.findByText('O prazo de inatividade vai de 1 a 20 anos.')).toBeInTheDocument();
      await userEvent.clear(years);
      await userEvent.type(years, '3');
      await userEvent.click(card.getByRole('button', { name: 'Salvar prazo de inatividade' }));
      await waitFor(() =>
        expect(sent.find((call) => call.url === '/cms/config/update-settings')?.body).toEqual({
          ...settings,
          retentionYears: 3,
        }),
      );
    });

    it("shows the server's error when the settings cannot be read", async () => {
      fakeApi({ '/cms/config/get-settings': [500, { msg: 'Serviço indisponível.' }] });
      renderPage('/cms/programme/settings', ['/cms/programme/settings'], <ProgrammeSettingsPage />);
      expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    });
  });

  describe('levels', () => {
    it('adds a level and sends the whole ordered list', async () => {
      const sent = fakeApi({
        '/cms/config/get-levels': [200, { items: levels }],
        '/cms/config/update-levels': (body) => [200, { items: (body as { levels: unknown[] }).levels }],
      });
      renderPage('/cms/programme/levels', ['/cms/programme/levels'], <LevelsPage />);
      expect(await screen.findAllByTestId('level')).toHaveLength(2);
      await userEvent.click(screen.getByRole('button', { name: 'Adicionar nível' }));
      const third = screen.getAllByTestId('level')[2] as HTMLElement;
      await userEvent.type(within(third).getByLabelText('Nome'), 'Ouro');
      await userEvent.type(within(third).getByLabelText('Pontos para alcançar'), '15000');
      await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() =>
        expect(sent.find((call) => call.url === '/cms/config/update-levels')?.body).toEqual({
          levels: [...levels, { name: 'Ouro', points: 15000, sublevels: 1, benefits: '' }],
        }),
      );
      await waitFor(() => expect(toasts.shown.map((toast) => toast.message)).toContain('Atualizado com sucesso!'));
    });

    it('says in pt-BR that the first level starts at 0 points', async () => {
      const sent = fakeApi({ '/cms/config/get-levels': [200, { items: levels }] });
      renderPage('/cms/programme/levels', ['/cms/programme/levels'], <LevelsPage />);
      const [first] = await screen.findAllByTestId('level');
      const points = within(first as HTMLElement).getByLabelText('Pontos para alcançar');
      await userEvent.clear(points);
      await userEvent.type(points, '10');
      await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('O primeiro nível começa em 0 pontos.');
      expect(sent.some((call) => call.url === '/cms/config/update-levels')).toBe(false);
    });
  });

  describe('rules per profession', () => {
    const rule = (profession: string) => ({ ...defaultRules, profession, updatedAt: null, updatedBy: null });
    const rules = ['Arquiteto', 'Engenheiro', 'Designer de Interiores', 'Paisagista', 'Outro'].map(rule);

    it('switches Arquiteto to "earns nothing, experiences open" beside the CAU guidance, and sends every profession', async () => {
      const sent = fakeApi({
        '/cms/config/get-profession-rules': [200, { items: rules }],
        '/cms/config/update-profession-rules': (body) => [200, body],
      });
      renderPage('/cms/programme/profession-rules', ['/cms/programme/profession-rules'], <ProfessionRulesPage />);
      const cards = await screen.findAllByTestId('profession-rule');
      expect(cards).toHaveLength(5);
      const architect = cards[0] as HTMLElement;
      expect(within(architect).getByTestId('cau-guidance')).toHaveTextContent('Código de Ética e Disciplina do CAU/BR');
      expect(within(cards[1] as HTMLElement).queryByTestId('cau-guidance')).toBeNull();
      await userEvent.click(within(architect).getByRole('combobox', { name: 'O que acumula' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Não acumula pontos' }));
      await userEvent.click(within(architect).getByRole('combobox', { name: 'Experiências' }));
      await userEvent.click(
        await screen.findByRole('option', { name: 'Abertas: sem custo em pontos nem nível mínimo, só as vagas' }),
      );
      await userEvent.click(within(architect).getByLabelText('Mostra os níveis ao profissional'));
      await userEvent.type(within(architect).getByLabelText('Texto para a profissão'), 'Conforme o CAU.');
      await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() =>
        expect(sent.find((call) => call.url === '/cms/config/update-profession-rules')?.body).toEqual({
          items: [
            {
              profession: 'Arquiteto',
              earns: 'nothing',
              experiences: 'open',
              levels: false,
              clientDisclosure: false,
              text: 'Conforme o CAU.',
            },
            ...rules.slice(1).map(({ updatedAt: _a, updatedBy: _b, ...kept }) => kept),
          ],
        }),
      );
      await waitFor(() =>
        expect(toasts.shown.map((toast) => toast.message)).toContain(
          'Regras por profissão salvas. Os profissionais afetados foram avisados.',
        ),
      );
    });

    it('refuses a text longer than 2000 characters in pt-BR and sends nothing', async () => {
      const sent = fakeApi({ '/cms/config/get-profession-rules': [200, { items: rules }] });
      renderPage('/cms/programme/profession-rules', ['/cms/programme/profession-rules'], <ProfessionRulesPage />);
      const [architect] = await screen.findAllByTestId('profession-rule');
      const text = within(architect as HTMLElement).getByLabelText('Texto para a profissão');
      await userEvent.click(text);
      await userEvent.paste('x'.repeat(2001));
      await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await within(architect as HTMLElement).findByText('O texto é longo demais.')).toBeInTheDocument();
      expect(sent.some((call) => call.url === '/cms/config/update-profession-rules')).toBe(false);
    });
  });

  describe('regulation', () => {
    const current = {
      version: 2,
      title: 'Regulamento do Programa Especifica (versão 2)',
      content: '1. Quem participa.\n\n2. Como ganhar pontos.',
      publishedAt: '2026-01-10T12:00:00Z',
    };

    it('starts the next version from the current one, shows what changes, and publishes after a confirmation', async () => {
      const sent = fakeApi({
        '/cms/regulation/get-all': [200, { items: [current] }],
        '/cms/regulation/preview': [
          200,
          {
            current: { version: 2, publishedAt: current.publishedAt },
            nextVersion: 3,
            changes: [{ kind: 'changed', before: '2. Como ganhar pontos.', after: '2. Como ganhar mais pontos.' }],
          },
        ],
        '/cms/regulation/publish': [
          201,
          { msg: 'Regulamento publicado com sucesso!', item: { ...current, version: 3 } },
        ],
      });
      renderPage('/cms/programme/regulation', ['/cms/programme/regulation'], <RegulationPage />);
      expect(await screen.findByLabelText('Título')).toHaveValue('Regulamento do Programa Especifica (versão 3)');
      expect(screen.getByLabelText(/^Texto/)).toHaveValue(current.content);
      await userEvent.click(screen.getByRole('button', { name: 'Ver o que muda' }));
      const changes = await screen.findByTestId('regulation-changes');
      expect(changes).toHaveTextContent('O que muda em relação à versão 2');
      expect(changes).toHaveTextContent('Alterada');
      expect(changes).toHaveTextContent('2. Como ganhar mais pontos.');
      await userEvent.click(screen.getByRole('button', { name: 'Publicar a versão 3' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('precisarão aceitar esta versão no próximo acesso');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Publicar a versão 3' }));
      await waitFor(() =>
        expect(toasts.shown.map((toast) => toast.message)).toContain('Regulamento publicado com sucesso!'),
      );
      expect(sent.find((call) => call.url === '/cms/regulation/publish')?.body).toEqual({
        title: 'Regulamento do Programa Especifica (versão 3)',
        content: current.content,
      });
    });

    it('refuses a text too short in pt-BR before sending anything', async () => {
      const sent = fakeApi({ '/cms/regulation/get-all': [200, { items: [] }] });
      renderPage('/cms/programme/regulation', ['/cms/programme/regulation'], <RegulationPage />);
      expect(await screen.findByText('Nenhum regulamento publicado ainda.')).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('Título'), 'Regulamento');
      await userEvent.type(screen.getByLabelText(/^Texto/), 'curto');
      await userEvent.click(screen.getByRole('button', { name: 'Publicar a versão 1' }));
      expect(
        await screen.findByText('Digite o texto do regulamento (de 20 a 100.000 caracteres).'),
      ).toBeInTheDocument();
      expect(sent.some((call) => call.url?.startsWith('/cms/regulation/p'))).toBe(false);
    });
  });

  describe('FAQ', () => {
    it('creates a question in the drawer and says "Criado com sucesso!"', async () => {
      const sent = fakeApi({
        '/cms/faq/get-all': page([]),
        '/cms/faq/create': [201, { msg: 'Criado com sucesso!', item: {} }],
      });
      renderPage('/cms/programme/faq', ['/cms/programme/faq'], <FaqPage />);
      expect(await screen.findByText('Nenhuma pergunta cadastrada ainda.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Novo' }));
      const drawer = await screen.findByRole('dialog', { name: 'Nova pergunta' });
      await userEvent.type(within(drawer).getByLabelText('Tema'), 'Pontos');
      await userEvent.type(within(drawer).getByLabelText('Pergunta'), 'Quando meus pontos vencem?');
      await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
      expect(await within(drawer).findByText('Digite a resposta.')).toBeInTheDocument();
      await userEvent.type(within(drawer).getByLabelText('Resposta'), 'Em 24 meses.');
      await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
      await waitFor(() =>
        expect(sent.find((call) => call.url === '/cms/faq/create')?.body).toEqual({
          topic: 'Pontos',
          question: 'Quando meus pontos vencem?',
          answer: 'Em 24 meses.',
          position: 0,
        }),
      );
      await waitFor(() => expect(toasts.shown.map((toast) => toast.message)).toContain('Criado com sucesso!'));
    });
  });

  describe('audit', () => {
    it('filters by who, what and period from the URL, and shows before and after', async () => {
      const sent = fakeApi({
        '/cms/audit/get-all': page([
          {
            id: 'a1',
            actorName: 'Administradora Demo',
            actorKind: 'admin',
            action: 'update-settings',
            entity: 'settings',
            entityId: null,
            before: { expiryMonths: 24 },
            after: { expiryMonths: 36 },
            createdAt: '2026-03-02T15:00:00Z',
          },
        ]),
      });
      renderPage(
        '/cms/programme/audit?search=Admin&entity=settings&from=2026-03-01',
        ['/cms/programme/audit'],
        <AuditPage />,
      );
      expect(await screen.findByText('update-settings')).toBeInTheDocument();
      expect(screen.getByRole('cell', { name: 'Configurações do programa' })).toBeInTheDocument();
      expect(sent.find((call) => call.url === '/cms/audit/get-all')?.params).toMatchObject({
        search: 'Admin',
        entity: 'settings',
        from: '2026-03-01',
      });
      await userEvent.click(screen.getByText('Ver antes e depois'));
      expect(screen.getByText(/"expiryMonths": 36/)).toBeVisible();
    });
  });
});
