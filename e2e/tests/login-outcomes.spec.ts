import { expect } from '@playwright/test';
import { test } from './fixtures';
import { storedToken, submitLogin } from './support';

test.describe('login outcomes', () => {
  test('a user with two accounts under one e-mail picks one at /accounts and switches to the other', async ({
    page,
  }) => {
    await page.goto('/login');
    await submitLogin(page, 'marina@especifica.dev');
    await expect(page).toHaveURL(/\/accounts$/);
    await expect(page.getByRole('heading', { name: 'Escolha uma conta' })).toBeVisible();
    await expect(page.getByText('Conta atual')).toBeVisible();
    const before = await storedToken(page);
    await page.getByRole('button', { name: 'Entrar: Lojista em Casa & Acabamento Demo' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('toast').filter({ hasText: 'Conta trocada com sucesso.' })).toBeVisible();
    const after = await storedToken(page);
    expect(after).not.toBe(before);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('store') ?? '{}'));
    expect(stored).toMatchObject({ loginAllUsers: true, user: { userType: 'shopkeeper', name: 'Marina Duarte' } });
  });

  test('a user with pending terms reads the current regulation and accepts it before entering', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'paula@especifica.dev');
    await expect(page.getByRole('heading', { name: 'Regulamento atualizado' })).toBeVisible();
    await expect(page.getByText('Regulamento do Programa Especifica (versão 2)')).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('store') ?? '{}').user ?? null)).toBeNull();
    await page.getByRole('button', { name: 'Aceitar e entrar' }).click();
    await expect(page.getByText('Você precisa aceitar os termos de uso')).toBeVisible();
    // No toast for a missing acceptance: the message stays beside the box.
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await page.getByText('Li e aceito o regulamento').click();
    await page.getByRole('button', { name: 'Aceitar e entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Olá, Paula Paisagista!' })).toBeVisible();
  });
});
