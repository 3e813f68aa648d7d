import { expect } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { demo, formatPoints, loginAs, storedToken, submitLogin } from './support';

test.describe('login for the three roles', () => {
  test('an anonymous visit to /extract goes to login and comes back after it', async ({ page }) => {
    await page.goto('/extract');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fextract$/);
    await submitLogin(page, demo.professional.email);
    // /extract is not built yet: the participant area sends it to the overview.
    await expect(page).toHaveURL(/\/(extract|dashboard)$/);
  });

  test('the professional sees name, level and points from the API on /dashboard', async ({ page, request }) => {
    await loginAs(page, 'professional');
    const token = await storedToken(page);
    const response = await request.get('/api/professionals/get-dashboard-data', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.ok()).toBe(true);
    const data = (await response.json()) as { name: string; totalPoints: number; level: { name: string } };
    await expect(page.getByRole('heading', { name: `Olá, ${data.name}!` })).toBeVisible();
    await expect(page.getByTestId('dashboard-level')).toContainText(data.level.name);
    await expect(page.getByTestId('dashboard-points')).toContainText(`${formatPoints(data.totalPoints)} Pts`);
    // The shell's header reads the same session the remote wrote: one instance of mf-shared.
    await expect(page.getByTestId('header-name')).toHaveText(demo.professional.name);
    await expect(page.getByText('Campanhas abertas para participar')).toBeVisible();
    await expectAccessible(page, '/dashboard');
  });

  test('the login form downloads neither axios, zod nor TanStack Query, nor loads number formats, until someone starts on it', async ({
    page,
  }) => {
    // A page's first Intl object loads ICU's locale data, a long task: the login form shows no number or date.
    await page.addInitScript(() => {
      const made: string[] = [];
      Object.assign(window, { intlMade: made });
      for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules'] as const) {
        const counted = new Proxy(Intl[name], {
          construct: (target, args) => {
            made.push(name);
            return Reflect.construct(target, args);
          },
        });
        Object.defineProperty(Intl, name, { value: counted, configurable: true, writable: true });
      }
    });
    // Strings that survive minification: an axios error code, a zod check, a TanStack Query client option.
    const markers = { axios: 'ERR_BAD_RESPONSE', zod: '$ZodCheck', query: 'refetchOnWindowFocus' };
    const loaded = new Set<string>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.text().catch(() => '');
      for (const [name, marker] of Object.entries(markers)) if (body.includes(marker)) loaded.add(name);
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect([...loaded]).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade)).toEqual([]);
    await page.getByLabel('E-mail').focus();
    await expect.poll(() => ['axios', 'zod'].every((name) => loaded.has(name))).toBe(true);
    await submitLogin(page, demo.professional.email);
    await expect(page.getByRole('heading', { name: `Olá, ${demo.professional.name}!` })).toBeVisible();
    expect(loaded.has('query')).toBe(true);
  });

  test('the shopkeeper logs in through the shopkeeper variant', async ({ page }) => {
    await loginAs(page, 'seller');
    await expect(page.getByRole('heading', { name: `Olá, ${demo.seller.name}!` })).toBeVisible();
  });

  test('the consultant sees points without a level', async ({ page }) => {
    await loginAs(page, 'consultant');
    await expect(page.getByTestId('dashboard-points')).toBeVisible();
    await expect(page.getByTestId('dashboard-level')).toHaveCount(0);
  });

  test('the admin logs in at /cms/login and sees the counts from the API', async ({ page, request }) => {
    await loginAs(page, 'admin');
    const token = await storedToken(page);
    const counts = (await (
      await request.get('/api/cms/dashboard/get-all', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { professionals: number; stores: number };
    await expect(page.getByTestId('cms-professionals')).toContainText(String(counts.professionals));
    await expect(page.getByTestId('cms-stores')).toContainText(String(counts.stores));
  });

  test('a wrong password shows the toast "Login ou senha inválidos"', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, demo.professional.email, 'senha-errada-123');
    await expect(page.getByTestId('toast')).toHaveText(/Login ou senha inválidos/);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields show the field messages and send nothing', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/')) posted = true;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Digite um login válido.')).toBeVisible();
    await expect(page.getByText('Digite a senha.')).toBeVisible();
    expect(posted).toBe(false);
  });
});
