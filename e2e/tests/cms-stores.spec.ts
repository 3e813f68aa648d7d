import { expect } from '@playwright/test';
import { cnpj } from 'cpf-cnpj-validator';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { loginAs, storedToken } from './support';

const screenParts = { include: ['main', '[role=dialog]', '[role=alertdialog]'] };

test('an admin imports stores: the bad row shows its line and reason, and skipping it creates the others', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const tag = Date.now().toString(36);
  const first = `Loja Importada ${tag} Centro`;
  const second = `Loja Importada ${tag} Norte`;
  // Cities that no other journey filters by: the participant journey counts Curitiba's stores.
  const csv = [
    'cnpj;nome;cidade;uf',
    `${cnpj.generate()};${first};Maringá;PR`,
    '11.222.333/0001-82;CNPJ errado;Maringá;PR',
    `${cnpj.generate()};${second};Londrina;PR`,
  ].join('\n');

  await page.goto('/cms/shopkeepers/import');
  await expect(page.getByRole('heading', { name: 'Importar lojas', level: 1 })).toBeVisible();
  const template = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar modelo' }).click();
  expect((await template).suggestedFilename()).toBe('modelo-lojas.csv');

  await page
    .getByLabel('Arquivo CSV')
    .setInputFiles({ name: 'lojas.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  const refused = page.getByTestId('import-refused');
  await expect(refused.getByRole('alert')).toContainText('Uma linha tem erro: nada foi importado.');
  const badRow = refused.getByRole('row').filter({ hasText: 'CNPJ inválido: 11.222.333/0001-82.' });
  await expect(badRow.getByRole('cell').first()).toHaveText('3');
  // Away from the button just pressed: a hovered solid button is lighter than at rest.
  await page.mouse.move(0, 0);
  await expectAccessible(page, '/cms/shopkeepers/import', screenParts);

  await page.getByRole('button', { name: 'Importar ignorando a linha com erro' }).click();
  const toasts = page.getByTestId('toast');
  await expect(toasts.filter({ hasText: 'Lojas criadas: 2' })).toBeVisible();
  await expect(toasts.filter({ hasText: 'Lojas atualizadas: 0' })).toBeVisible();
  await expect(page.getByTestId('import-done')).toContainText('Linhas ignoradas');

  await page.getByRole('link', { name: 'Ver as lojas' }).click();
  await expect(page).toHaveURL(/\/cms\/shopkeepers$/);
  await page.getByLabel('Buscar').fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page.getByRole('row').filter({ hasText: first })).toContainText('Maringá/PR');
  await expect(page.getByRole('row').filter({ hasText: second })).toContainText('Londrina/PR');
  await expectAccessible(page, '/cms/shopkeepers', screenParts);
});

test("an admin makes a store's consultant its manager and sees it among the store's people", async ({
  page,
  request,
}) => {
  // Two screens, a dialog each and two accessibility scans: 14-26 s alone on a slow machine, over 30 s under the
  // whole suite's load.
  test.setTimeout(60_000);
  await loginAs(page, 'admin');
  const tag = Date.now().toString(36);
  const storeName = `Loja Equipe ${tag}`;
  const email = `consultor.${tag}@especifica.dev`;
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const created = await request.post('/api/cms/stores/create', {
    data: { form: { cnpj: cnpj.generate(), name: storeName } },
    headers,
  });
  expect(created.ok()).toBe(true);
  const store = (await created.json()) as { item: { id: string } };
  const consultant = await request.post('/api/users/consultants', {
    data: { storeId: store.item.id, name: 'Caio Consultor', email, password: 'uma senha bem longa' },
    headers,
  });
  expect(consultant.ok()).toBe(true);

  await page.goto(`/cms/shopkeepers/users?search=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: 'Usuários das lojas', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Consultor');
  await row.getByRole('button', { name: 'Editar' }).click();
  const editing = page.getByRole('dialog', { name: 'Editar usuário da loja' });
  await editing.getByRole('combobox', { name: 'Tipo' }).click();
  await editing.getByRole('option', { name: 'Gerente' }).click();
  await expectAccessible(page, '/cms/shopkeepers/users', screenParts);
  await editing.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Usuário atualizado com sucesso!' })).toBeVisible();
  await expect(row).toContainText('Gerente');

  await page.goto(`/cms/shopkeepers?search=${encodeURIComponent(storeName)}`);
  await page.getByRole('button', { name: `Equipe e convites de ${storeName}` }).click();
  const people = page.getByRole('dialog', { name: storeName });
  await expect(people.getByText('Caio Consultor')).toBeVisible();
  await expect(people.getByText('Gerente')).toBeVisible();
  await expectAccessible(page, '/cms/shopkeepers', screenParts);
});
