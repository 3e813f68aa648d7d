import { expect } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { loginAs, submitLogin } from './support';

// Runs after every other journey (its own project in the config): once a new regulation is published, every demo
// login asks for it, and the login journeys expect the seeded version 2.
test.use({ viewport: { width: 1440, height: 900 } });

// In order: the login asks for the version the first test publishes.
test.describe.configure({ mode: 'serial' });

const clause = '99. Os pontos de campanhas de pontos extras valem para o nível do ciclo em que foram recebidos.';

test('the admin writes a new version of the regulation, previews what changes and publishes it', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/cms/programme/regulation');
  await expect(page.getByRole('heading', { name: 'Regulamento', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nova versão (3)' })).toBeVisible();
  await page.getByLabel(/^Título/).fill('Regulamento do Programa Especifica (versão 3)');
  const text = page.getByLabel(/^Texto/);
  await expect(text).not.toHaveValue('');
  await text.fill(`${await text.inputValue()}\n\n${clause}`);

  await page.getByRole('button', { name: 'Ver o que muda' }).click();
  const changes = page.getByTestId('regulation-changes');
  await expect(changes).toContainText('O que muda em relação à versão 2');
  await expect(changes).toContainText(clause);
  await expect(changes).toContainText('Incluída');

  await page.getByRole('button', { name: 'Publicar a versão 3' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Publicar a versão 3 do regulamento?' });
  await expect(confirm).toContainText('Todos os profissionais e lojistas precisarão aceitar esta versão');
  await confirm.getByRole('button', { name: 'Publicar a versão 3' }).click();
  await expect(page.getByText('Versão 3 · Regulamento do Programa Especifica (versão 3)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nova versão (4)' })).toBeVisible();
});

test('a professional logging in afterwards is asked to accept the new version, accepts, and reaches the dashboard', async ({
  page,
}) => {
  // Eduardo had accepted version 2: his next login asks for version 3 before anything else.
  await page.goto('/login');
  await submitLogin(page, 'eduardo@especifica.dev');
  await expect(page.getByRole('heading', { name: 'Regulamento atualizado' })).toBeVisible();
  await expect(page.getByText('Regulamento do Programa Especifica (versão 3)')).toBeVisible();
  await expect(page.getByText(clause)).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('store') ?? '{}').user ?? null)).toBeNull();
  await expectAccessible(page, '/login (regulamento)');
  await page.getByText('Li e aceito o regulamento').click();
  await page.getByRole('button', { name: 'Aceitar e entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Olá, Eduardo/ })).toBeVisible();
});
