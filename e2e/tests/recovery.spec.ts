import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { fromOutbox, outboxSize, resetCodePattern } from './outbox';
import { demo, PASSWORD, submitLogin } from './support';

const NEW_PASSWORD = 'minha nova senha de teste';

async function resetThroughTheScreens(
  page: Page,
  outbox: string,
  loginPath: string,
  email: string,
  newPassword: string,
  shopkeeper = false,
) {
  await page.goto(loginPath);
  if (shopkeeper) await page.getByRole('button', { name: 'Sou lojista' }).click();
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  // The screen is its own chunk: until it is drawn, the login card (with its own "E-mail") is still on the page.
  await expect(page.getByRole('heading', { name: 'Esqueci minha senha', level: 1 })).toBeVisible();
  const before = outboxSize(outbox);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page).toHaveURL(new RegExp(`${loginPath.replace('login', 'reset-password')}$`));
  const code = await fromOutbox(outbox, email, resetCodePattern, before);
  await page.getByLabel('Código de segurança').fill(code);
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirme a nova senha').fill(newPassword);
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page).toHaveURL(new RegExp(`${loginPath.replace('login', 'password-recovered')}$`));
  await page.getByRole('link', { name: 'Voltar para o login' }).click();
  await expect(page).toHaveURL(new RegExp(`${loginPath}$`));
}

test.describe('password recovery with the code from the outbox', () => {
  test('a professional resets the password and logs in with the new one', async ({ page, server }) => {
    await resetThroughTheScreens(page, server.outbox, '/login', demo.professional.email, NEW_PASSWORD);
    await submitLogin(page, demo.professional.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The demo password back, for the other journeys.
    await page.evaluate(() => localStorage.clear());
    await resetThroughTheScreens(page, server.outbox, '/login', demo.professional.email, PASSWORD);
  });

  test('a shopkeeper resets the password and logs in with the new one', async ({ page, server }) => {
    await resetThroughTheScreens(page, server.outbox, '/login', demo.seller.email, NEW_PASSWORD, true);
    await page.getByRole('button', { name: 'Sou lojista' }).click();
    await submitLogin(page, demo.seller.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => localStorage.clear());
    await resetThroughTheScreens(page, server.outbox, '/login', demo.seller.email, PASSWORD, true);
  });

  test('an admin resets the password at /cms and logs in with the new one', async ({ page, server }) => {
    await resetThroughTheScreens(page, server.outbox, '/cms/login', demo.admin.email, NEW_PASSWORD);
    await submitLogin(page, demo.admin.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/cms\/dashboard$/);
    await page.evaluate(() => localStorage.clear());
    await resetThroughTheScreens(page, server.outbox, '/cms/login', demo.admin.email, PASSWORD);
  });

  test('a wrong code shows the failure toast and keeps the page', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('E-mail').fill(demo.professional.email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel('Código de segurança').fill('000000');
    await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirme a nova senha').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Ocorreu um erro, verifique os dados e tente novamente.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password$/);
  });
});
