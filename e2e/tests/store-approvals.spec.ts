import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { cpf } from 'cpf-cnpj-validator';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { confirmLinkPattern, fromOutbox, outboxSize } from './outbox';
import { demoStore, PASSWORD, renumberedDemoNfe, sendSaleFor, startSale, submitLogin, typeMasked } from './support';

// A seller signs up alone to the demo store, the store's demo manager approves the sign-up in the participant area,
// and the seller can then register a sale.

// Reading an NF-e on a worker thread, a toast after a write: a shared machine may take more than the default 5 s.
const expect = baseExpect.configure({ timeout: 10_000 });

const MANAGER = 'monica@especifica.dev';
const SELLER_PASSWORD = 'senha do vendedor novo';

async function demoStoreXml(request: APIRequestContext, number: number): Promise<Buffer> {
  const login = await request.post('/api/auth/login', { data: { email: 'ana@especifica.dev', password: PASSWORD } });
  return renumberedDemoNfe(request, (await login.json()).accessToken, number, demoStore.cnpj);
}

async function shopkeeperLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sou lojista' }).click();
  await submitLogin(page, email, password);
}

async function openUserMenuItem(page: Page, name: string) {
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name }).click();
}

// One story in three steps, each a test of its own: the seller's sign-up, the manager's approval, the sale.
test.describe
  .serial('a seller signs up to the demo store, its manager approves, and the seller sells', () => {
    const email = `vitor.${Date.now()}@especifica.dev`;

    test('the seller signs up to the demo store and confirms the e-mail', async ({ page, server }) => {
      await page.goto('/sign-up-lojista');
      await typeMasked(page.getByLabel('CNPJ da loja'), demoStore.cnpj);
      await page.getByRole('button', { name: 'Buscar loja' }).click();
      await expect(page.getByText(`Loja encontrada: ${demoStore.name}`)).toBeVisible();
      await page.getByLabel('Nome completo').fill('Vítor Vendedor');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Celular').fill('11912345678');
      await page.getByLabel('CPF').fill(cpf.generate());
      await page.getByLabel('Senha', { exact: true }).fill(SELLER_PASSWORD);
      await page.getByLabel('Confirme a senha').fill(SELLER_PASSWORD);
      await page.getByText('Li e aceito os termos de uso e a política de privacidade').click();
      const before = outboxSize(server.outbox);
      await page.getByRole('button', { name: 'Concluir cadastro' }).click();
      await expect(page).toHaveURL(/\/sign-up-finished$/);
      const link = await fromOutbox(server.outbox, email, confirmLinkPattern, before);
      await page.goto(new URL(link).pathname + new URL(link).search);
      await expect(page.getByText('E-mail validado com sucesso!').first()).toBeVisible();
    });

    test("the store's demo manager approves it from the user menu", async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await shopkeeperLogin(page, MANAGER, PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);
      await openUserMenuItem(page, 'Aprovar cadastros');
      await expect(page).toHaveURL(/\/store-approvals$/);
      await expect(page.getByRole('heading', { name: 'Aprovar cadastros', level: 1 })).toBeVisible();
      const row = page.locator('tbody tr').filter({ hasText: email });
      await expect(row).toContainText('Vítor Vendedor');
      await row.getByRole('button', { name: 'Aprovar o cadastro de Vítor Vendedor' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('Vítor Vendedor poderá registrar vendas');
      await confirm.getByRole('button', { name: 'Aprovar' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Cadastro aprovado com sucesso!' })).toBeVisible();
      await expect(page.locator('tbody tr').filter({ hasText: email })).toHaveCount(0);
      // Approved, the seller is one of the store's team, which the manager sees with each one's role and points.
      await openUserMenuItem(page, 'Equipe da loja');
      await expect(page.getByRole('heading', { name: 'Equipe da loja', level: 1 })).toBeVisible();
      await expect(page.locator('tbody tr').filter({ hasText: 'Vítor Vendedor' })).toContainText('Vendedor');
    });

    test('the approved seller registers a sale of the demo store for Ana', async ({ page, request }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      const number = 700_000 + Math.floor(Math.random() * 99_999);
      const xml = await demoStoreXml(request, number);
      await shopkeeperLogin(page, email, SELLER_PASSWORD);
      await expect(page.getByRole('heading', { name: 'Olá, Vítor Vendedor!' })).toBeVisible();
      await page.goto('/invoices');
      await sendSaleFor(await startSale(page, xml, number), 'ana@especifica.dev');
      await expect(page.getByTestId('toast').filter({ hasText: 'Nota fiscal enviada com sucesso!' })).toBeVisible();
      await expect(page.locator('tbody tr').filter({ hasText: `NF ${number}` })).toContainText('Pendente');
    });
  });

test('a seller has no approvals in the user menu and is sent to the overview from its address', async ({ page }) => {
  await shopkeeperLogin(page, 'sergio@especifica.dev', PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await expect(page.getByRole('menuitem', { name: 'Convites' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Aprovar cadastros' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/store-approvals');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('at 390 px the manager reads the pending sign-ups as cards that fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await shopkeeperLogin(page, MANAGER, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/store-approvals');
  await expect(page.getByRole('heading', { name: 'Aprovar cadastros', level: 1 })).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  // The demo's own pending sign-up, on a card with its two decisions.
  await expect(page.getByText('Lucas Andrade').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aprovar o cadastro de Lucas Andrade' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recusar o cadastro de Lucas Andrade' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, '/store-approvals scrolls sideways').toBeLessThanOrEqual(0);
  await expectAccessible(page, '/store-approvals at 390 px');
});
