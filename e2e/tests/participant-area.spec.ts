import { expect as baseExpect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { apiSession, demo, enterWith, type Session, typeMasked } from './support';

// The participant area's screens as each demo person uses them, on the real API and the demo programme.

// Each screen reads the API after it loads; a CI machine shared with other jobs can take seconds to answer.
const expect = baseExpect.configure({ timeout: 15_000 });

type Who = 'professional' | 'seller' | 'consultant';

const sessions = {} as Record<Who, Session>;

/** Enters with the person's session (logged in through the API once a worker), then opens `path`. */
async function openAs(page: Page, who: Who, path: string) {
  await enterWith(page, sessions[who]);
  await visit(page, path);
}

/** Opens a screen and waits for its title: a full load brings the shell, the remote and the screen's chunk. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const bell = (page: Page) => page.getByTestId('notification-bell');

test.describe('the participant area', () => {
  // Each journey opens several screens and checks each with axe.
  test.setTimeout(120_000);
  // No journey here reads what another one changes (a customer, notifications read, an invite): they share out among
  // the workers.
  test.describe.configure({ mode: 'parallel' });
  test.beforeAll(async ({ server }) => {
    for (const who of ['professional', 'seller', 'consultant'] as const) sessions[who] = await apiSession(server, who);
  });

  test('a professional registers and renews a customer, reads notifications as the bell counts down, and finds the FAQ without accents', async ({
    page,
  }) => {
    await openAs(page, 'professional', '/customers');
    await expect(page.getByRole('heading', { name: 'Meus clientes' })).toBeVisible();
    const paulo = page.getByRole('row').filter({ hasText: 'Paulo Henrique Dias' });
    await expect(paulo.getByText(/^Vencido em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Novo' }).click();
    const drawer = page.getByRole('dialog', { name: 'Novo cliente' });
    await drawer.getByLabel('Nome').fill('Júlia Mendes');
    await typeMasked(drawer.getByLabel('CPF'), '39053344705');
    await drawer.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Cliente cadastrado com sucesso!')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Júlia Mendes' })).toContainText('390.533.447-05');

    await paulo.getByRole('button', { name: 'Renovar: Paulo Henrique Dias' }).click();
    await expect(toast(page, 'Cliente renovado com sucesso!')).toBeVisible();
    await expect(paulo).toContainText('180 dias restantes');

    await visit(page, '/notifications');
    const unread = page.getByRole('region', { name: /^Não lidas/ });
    await expect(unread.getByTestId('notification').first()).toBeVisible();
    const count = await unread.getByTestId('notification').count();
    expect(count).toBeGreaterThan(1);
    await expect(bell(page)).toHaveAttribute('data-unread', String(count));
    await expectAccessible(page);
    await unread
      .getByRole('button', { name: /^Marcar como lida: / })
      .first()
      .click();
    await expect(bell(page)).toHaveAttribute('data-unread', String(count - 1));
    await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await expect(bell(page)).toHaveAttribute('data-unread', '0');
    await expect(page.getByText('Nenhuma notificação nova.')).toBeVisible();

    // The footer leads to the FAQ, inside the app.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Perguntas frequentes' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await page.getByLabel('Buscar nas perguntas').fill('INSCRICAO');
    await expect(page.getByText('Posso cancelar a inscrição?')).toBeVisible();
    await expect(page.locator('mark').first()).toHaveText('inscrição');
    await expect(page.getByRole('region', { name: 'Pontos' })).toHaveCount(0);
    // Words of the same stem, in another order: 'notas reprovadas' finds 'Minha nota foi reprovada. E agora?'.
    await page.getByLabel('Buscar nas perguntas').fill('reprovadas notas');
    const reproved = page.getByTestId('faq-item').filter({ hasText: 'Minha nota foi reprovada. E agora?' });
    await expect(reproved.locator('summary mark')).toHaveText(['nota', 'reprovada']);
    await expect(page.getByText('Como envio uma nota fiscal?')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a professional sees the levels, the regulation with its changes and the score', async ({ page }) => {
    await openAs(page, 'professional', '/categories');
    await expect(page.locator('[data-testid="level-card"][aria-current="true"]')).toContainText('Prata');
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expectAccessible(page);

    await visit(page, '/regulation');
    await expect(page.getByText(/^Versão 2, publicada em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(page.getByTestId('regulation-accepted')).toContainText('Você aceitou esta versão em');
    await expect(page.getByRole('heading', { name: /O que mudou desde a versão 1/ })).toBeVisible();
    await expectAccessible(page);

    await visit(page, '/score');
    await expect(page.getByTestId('score-chart')).toBeVisible();
    await expect(page.getByTestId('score-source').filter({ hasText: 'Notas fiscais' })).toBeVisible();
    await expect(page.getByTestId('score-rules')).toContainText('Os pontos vencem 24 meses depois do crédito.');
    await expectAccessible(page);
  });

  test('a professional finds products with the accelerators that apply now, stores by city, and the accelerators', async ({
    page,
  }) => {
    await openAs(page, 'professional', '/products');
    await page.getByLabel('Categoria').selectOption('Metais Sanitários');
    await expect(page.getByText('Mês dos Metais · 1,5x').first()).toBeVisible();
    await expectAccessible(page);

    await visit(page, '/stores');
    await page.getByLabel('Cidade').selectOption('Curitiba');
    await expect(page.getByRole('row')).toHaveCount(2);
    // The store's city under its name, and its address on OpenStreetMap in a new tab, named by the store.
    await expect(page.getByRole('row').nth(1)).toContainText('Curitiba - PR');
    const map = page.getByRole('link', { name: /^Ver no mapa: .+ \(abre em nova aba\)$/ });
    await expect(map).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/search\?query=.*Curitiba%2C%20PR$/);
    await expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(map).toHaveAttribute('target', '_blank');
    await expectAccessible(page);

    await visit(page, '/accelerators');
    await expect(page.getByRole('region', { name: 'Ativos agora' })).toContainText('Mês dos Metais');
    await expect(page.getByRole('region', { name: 'Em breve' })).toContainText('Black Friday da Iluminação');
    await expectAccessible(page);
  });

  test('a seller invites a professional and copies the link, sees the ranking with their own row, and has no /stores', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openAs(page, 'seller', '/invites');
    await page.getByLabel('E-mail').fill('nova.arquiteta@estudio.dev');
    await page.getByRole('button', { name: 'Convidar' }).click();
    await expect(toast(page, 'Profissional convidado com sucesso!')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'nova.arquiteta@estudio.dev' });
    await expect(row.getByText('Enviado', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Copiar link de cadastro de nova.arquiteta@estudio.dev' }).click();
    await expect(toast(page, 'Link de cadastro copiado!')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/sign-up-profissional\?referenceStore=.+&email=nova.arquiteta%40estudio.dev$/);
    await expectAccessible(page);

    await visit(page, '/ranking');
    await expect(page.getByTestId('ranking-own')).toContainText(demo.seller.name);
    await expectAccessible(page);

    await visit(page, '/categories');
    await expect(page.getByRole('heading', { name: 'Categorias Profissionais' })).toBeVisible();
    await visit(page, '/stores');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a consultant sees points without a level', async ({ page }) => {
    await openAs(page, 'consultant', '/categories');
    await expect(page.getByText('Consultores acumulam pontos, sem nível.')).toBeVisible();
    await expect(page.locator('[data-testid="level-card"][aria-current="true"]')).toHaveCount(0);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await visit(page, '/score');
    await expect(page.getByTestId('score-earned')).toBeVisible();
  });

  test('at 390 px every screen fits the width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, 'professional', '/customers');
    const screens: [string, string][] = [
      ['/customers', 'Roberto e Cláudia Azevedo'],
      ['/notifications', 'Notificações'],
      ['/faq', 'Como ganho pontos?'],
      ['/categories', 'Diamante'],
      ['/regulation', 'O que mudou desde a versão 1'],
      ['/score', 'Como ganhar pontos'],
      ['/products', 'Produtos participantes'],
      ['/stores', 'Lojas participantes'],
      ['/accelerators', 'Mês dos Metais'],
    ];
    for (const [path, text] of screens) {
      if (path !== '/customers') await visit(page, path);
      await expect(page.getByText(text).first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await expectAccessible(page);
  });
});
