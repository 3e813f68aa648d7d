import { expect } from '@playwright/test';
import { test } from './fixtures';
import { loginAs, logout, submitLogin } from './support';

test.describe('a remote that cannot load', () => {
  test('shows a pt-BR fallback with retry while header, footer and toasts keep working', async ({ page }) => {
    await loginAs(page, 'professional');
    const table = (await (await page.request.get('/remotes.json')).json()) as Record<string, string>;
    await page.route('**/remotes.json', (route) =>
      route.fulfill({ json: { ...table, mf_participant: 'http://127.0.0.1:9/mf-manifest.json' } }),
    );
    await page.goto('/dashboard');
    const fallback = page.getByTestId('remote-fallback');
    await expect(fallback).toContainText('Não foi possível carregar esta área');
    await expect(page.getByTestId('header-name')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Política de privacidade' })).toBeVisible();

    // The header still works (logout), and so does the toast bus: mf-auth emits, the shell's toaster shows.
    await logout(page);
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, 'ana@especifica.dev', 'senha-errada-123');
    await expect(page.getByTestId('toast')).toHaveText(/Login ou senha inválidos/);
  });

  test('a broken manifest shows the fallback and retry loads the remote once it is back', async ({ page }) => {
    let broken = true;
    await page.route('**/remotes/mf_auth/**/mf-manifest.json', (route) =>
      broken ? route.fulfill({ status: 200, body: '{ not json' }) : route.continue(),
    );
    await page.goto('/login');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fale conosco' })).toBeVisible();
    broken = false;
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByLabel('E-mail')).toBeVisible();
  });
});
