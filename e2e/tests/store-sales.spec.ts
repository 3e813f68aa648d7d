import { expect as baseExpect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { PASSWORD, submitLogin } from './support';

// A store's manager reads every seller's sales of the store, each with whom it was for and what it gave its seller;
// a seller is not offered the screen.

const expect = baseExpect.configure({ timeout: 10_000 });

async function shopkeeperLogin(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sou lojista' }).click();
  await submitLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("the manager opens the store's sales from the user menu and reads the professional and the seller's points", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await shopkeeperLogin(page, 'monica@especifica.dev');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Vendas da loja' }).click();
  await expect(page).toHaveURL(/\/store-sales$/);
  const table = page.getByRole('table', { name: 'Vendas' });
  await expect(table.getByRole('columnheader', { name: 'Pontos do vendedor' })).toBeVisible();
  // The demo's sale NF 18117, registered by Sérgio for Ana and approved: 10% of its 125,7 base points.
  const sale = table.locator('tbody tr').filter({ hasText: 'NF 18117' });
  await expect(sale).toContainText('Sérgio Vendedor');
  await expect(sale).toContainText('Ana Arquiteta');
  await expect(sale).toContainText('12,57');
  await expectAccessible(page, '/store-sales at 1440 px');
});

test("at 390 px the store's sales are cards that fit the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await shopkeeperLogin(page, 'monica@especifica.dev');
  await page.goto('/store-sales');
  await expect(page.getByRole('heading', { name: 'Vendas da loja', level: 1 })).toBeVisible();
  await expect(page.getByText('NF 18117')).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, '/store-sales scrolls sideways').toBeLessThanOrEqual(0);
  await expectAccessible(page, '/store-sales at 390 px');
});

test("a seller is not offered the store's sales and is sent to the overview from its address", async ({ page }) => {
  await shopkeeperLogin(page, 'sergio@especifica.dev');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await expect(page.getByRole('menuitem', { name: 'Convites' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Vendas da loja' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/store-sales');
  await expect(page).toHaveURL(/\/dashboard$/);
});
