import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { loginAs, submitLogin } from './support';

// A 1x1 PNG: the server checks the type from these bytes, not from the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function changeImage(page: Page) {
  await page.getByLabel('Foto de perfil').setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('toast').filter({ hasText: 'Imagem atualizada com sucesso!' })).toBeVisible();
  // The header reads the session: the new picture shows there without a reload.
  await expect(page.locator('#header img[src^="/api/files/avatars/"]').first()).toBeVisible();
}

test.describe('profiles', () => {
  test('a professional changes the picture, the header shows it without a reload, and a non-image is refused', async ({
    page,
  }) => {
    await page.goto('/login');
    await submitLogin(page, 'eduardo@especifica.dev');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await changeImage(page);
    await page.getByLabel('Foto de perfil').setInputFiles({
      name: 'falso.png',
      mimeType: 'image/png',
      buffer: Buffer.from('isto não é uma imagem'),
    });
    await expect(
      page
        .getByTestId('toast')
        .filter({ hasText: 'Ocorreu um erro ao atualizar a imagem, verifique tente novamente.' }),
    ).toBeVisible();
  });

  test('a professional changes only her phone, though her account lacks its address, then her name', async ({
    page,
  }) => {
    await loginAs(page, 'professional');
    await page.goto('/profile');
    // Required fields are marked, and what Ana's demo account lacks (CPF, birth date, address) does not block her.
    await expect(page.getByText('Campos com * são obrigatórios.')).toBeVisible();
    await expect(page.getByLabel('Endereço')).toHaveAttribute('required', '');
    await expect(page.getByRole('combobox', { name: 'Profissão' })).toHaveText(/Arquiteto/);
    await page.getByLabel('Celular').fill('11987654321');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Profissional atualizado com sucesso!' })).toBeVisible();
    await expect(page.getByText('Digite um endereço válido.')).toHaveCount(0);
    await expectAccessible(page);

    await page.getByLabel('Nome completo').fill('Ana Arquiteta Souza');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByTestId('header-name')).toHaveText('Ana Arquiteta Souza');
    // The demo name back, for the journeys that greet Ana.
    await page.getByLabel('Nome completo').fill('Ana Arquiteta');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByTestId('header-name')).toHaveText('Ana Arquiteta');
  });

  test('an admin changes the picture at /cms/profile and the admin header shows it', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/cms/profile');
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await changeImage(page);
  });
});
