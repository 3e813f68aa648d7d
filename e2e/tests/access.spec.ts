import { expect } from '@playwright/test';
import { test } from './fixtures';
import { loginAs, logout } from './support';

test.describe('role confinement', () => {
  test('a professional typing /cms/anything is sent to /dashboard', async ({ page }) => {
    await loginAs(page, 'professional');
    await page.goto('/cms/anything');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an admin typing /dashboard is sent to /cms/dashboard, but can open /invoices', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/cms\/dashboard$/);
    await page.goto('/invoices');
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(page.getByRole('heading', { name: 'Notas fiscais' })).toBeVisible();
  });

  test('an anonymous visit to a CMS page goes to /cms/login', async ({ page }) => {
    await page.goto('/cms/users');
    await expect(page).toHaveURL(/\/cms\/login$/);
  });

  test('logout clears local storage and returns to /login', async ({ page }) => {
    await loginAs(page, 'professional');
    await logout(page);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });
});
