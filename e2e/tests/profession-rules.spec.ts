import { expect } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { apiSession, enterWith, extractOf, renumberedDemoNfe } from './support';

// Rules per profession (issue 38, domain.md): the admin switches Arquiteto to "earns nothing, experiences open".
// Runs with the journeys that change what every other journey sees (its own project), and puts the demo's rules back.
test.describe.configure({ mode: 'serial' });

type Rule = { profession: string; earns: string; experiences: string; levels: boolean; clientDisclosure: boolean };

for (const width of [1440, 390]) {
  test(`at ${width} px the admin switches Arquiteto to "earns nothing, experiences open": Ana sees no points to earn or spend, and an invoice she sends credits nothing`, async ({
    page: anaPage,
    browser,
    request,
    server,
  }) => {
    // The admin in a browser context of their own (axe needs one made by newContext), Ana in the journey's page.
    const page = await (
      await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 }, locale: 'pt-BR' })
    ).newPage();
    await anaPage.setViewportSize({ width, height: 900 });
    const admin = await apiSession(server, 'admin');
    const ana = await apiSession(server, 'professional');
    const asAdmin = { Authorization: `Bearer ${admin.token}` };
    const before = (await (await request.get('/api/cms/config/get-profession-rules', { headers: asAdmin })).json())
      .items as (Rule & { text: string; updatedAt: string | null; updatedBy: string | null })[];
    const ledger = await extractOf(request, 'ana@especifica.dev');

    try {
      await enterWith(page, admin);
      await page.goto('/cms/programme/profession-rules');
      await expect(page.getByRole('heading', { name: 'Regras por profissão', level: 1 })).toBeVisible();
      const architect = page.getByRole('group', { name: 'Arquiteto' });
      await expect(architect.getByTestId('cau-guidance')).toContainText('Código de Ética e Disciplina do CAU/BR');
      await expectAccessible(page, `/cms/programme/profession-rules (${width})`);
      await architect.getByRole('combobox', { name: 'O que acumula' }).click();
      await page.getByRole('option', { name: 'Não acumula pontos' }).click();
      await architect.getByRole('combobox', { name: 'Experiências' }).click();
      await page.getByRole('option', { name: /^Abertas/ }).click();
      await architect.getByText('Mostra os níveis ao profissional').click();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(
        page.getByText('Regras por profissão salvas. Os profissionais afetados foram avisados.'),
      ).toBeVisible();
      await expect(architect.getByText(/^Alterado em/)).toBeVisible();

      // Ana, in a page of her own: no points to earn or spend, no level, and the rule said in one sentence.
      const anaPage = await page
        .context()
        .browser()
        ?.newPage({ viewport: { width, height: 900 } });
      if (!anaPage) throw new Error('no page for Ana');
      await enterWith(anaPage, ana);
      await anaPage.goto('/dashboard');
      await expect(anaPage.getByTestId('rules-notice')).toContainText(
        'Pelas regras do programa para Arquiteto, suas especificações não acumulam pontos e as experiências são abertas a você',
      );
      await expect(anaPage.getByTestId('dashboard-points')).toHaveCount(0);
      await expect(anaPage.getByTestId('dashboard-level')).toHaveCount(0);
      await expect(anaPage.getByTestId('header-points')).toHaveCount(0);
      await expect(anaPage.getByTestId('dashboard-pending')).not.toContainText('pontos');

      await anaPage.goto('/experiences');
      await expect(anaPage.getByText('Aberta a você, sem custo em pontos').first()).toBeVisible();
      await expect(anaPage.getByText(/^\d[\d.]* pontos$/)).toHaveCount(0);
      await expect(anaPage.getByText('Saldo insuficiente')).toHaveCount(0);

      // An invoice she sends (declaring she told the client) is approved and credits her nothing.
      const number = 930_000 + width;
      const xml = await renumberedDemoNfe(request, ana.token, number);
      const sent = await request.post('/api/professionals/invoices/create', {
        headers: { Authorization: `Bearer ${ana.token}` },
        multipart: {
          file: { name: `nota-${number}.xml`, mimeType: 'text/xml', buffer: xml },
          clientTold: 'true',
        },
      });
      expect(sent.ok()).toBe(true);
      const { item } = (await sent.json()) as { item: { id: string } };
      const approved = await request.post('/api/cms/professionals/invoices/change-status', {
        headers: asAdmin,
        data: { id: item.id, status: 'approved' },
      });
      expect(approved.ok()).toBe(true);
      const after = await extractOf(request, 'ana@especifica.dev');
      expect(after.balance).toBe(ledger.balance);
      expect(after.items.filter((entry) => entry.sourceId === item.id)).toEqual([]);
    } finally {
      await page.context().close();
      const restored = await request.post('/api/cms/config/update-profession-rules', {
        headers: asAdmin,
        // What was read, less who changed it and when.
        data: { items: before.map(({ updatedAt: _at, updatedBy: _by, ...rule }) => rule) },
      });
      expect(restored.ok()).toBe(true);
    }
  });
}
