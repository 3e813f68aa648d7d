import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiSession, demo, expectBelowHeader, openHome } from './support';

// A refusal of the server in a drawer is shown inside it, and the drawer's actions stay in view; the toast of a
// success comes below the header; at a desktop's width and a phone's.

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px an admin who creates a user with an e-mail already used reads why inside the drawer`, async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width, height });
    await openHome(page, await apiSession(server, 'admin'));
    await page.goto('/cms/users');
    await expect(page.getByRole('heading', { name: 'Usuários', level: 1 })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Novo' }).click();
    const drawer = page.getByRole('dialog', { name: 'Novo usuário' });
    await drawer.getByLabel('Nome').fill('Bruno Souza');
    await drawer.getByLabel('E-mail').fill(demo.admin.email);
    await drawer.getByLabel('Senha', { exact: true }).fill('uma senha bem longa');
    const save = drawer.getByRole('button', { name: 'Salvar' });
    // The footer's action is in view without scrolling the drawer's body.
    await expect(save).toBeInViewport();
    await save.click();
    const refusal = drawer.getByTestId('overlay-error');
    await expect(refusal).toHaveText('Este e-mail já é usado por outra conta.');
    await expect(refusal).toHaveAttribute('role', 'alert');
    await expect(refusal).toBeInViewport();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(drawer.getByLabel('Nome')).toHaveValue('Bruno Souza');

    // Another e-mail: saved, the drawer closes and the toast comes below the header.
    const email = `bruno.${width}.${Date.now()}@especifica.dev`;
    await drawer.getByLabel('E-mail').fill(email);
    await save.click();
    await expect(drawer).toBeHidden();
    await expect(refusal).toHaveCount(0);
    await expectBelowHeader(page, page.getByTestId('toast').filter({ hasText: 'Usuário cadastrado com sucesso!' }));
    await expect(page.getByText(email).first()).toBeVisible();
  });
}
