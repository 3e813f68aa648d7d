import { readFileSync } from 'node:fs';
import { expect as baseExpect } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { demo, formatPoints, loginAs, logout, storedToken } from './support';

// A toast after a write, a page's first paint on a busy machine: more than the default 5 s.
const expect = baseExpect.configure({ timeout: 10_000 });
const scope = { include: ['main', '[role=dialog]', '[role=alertdialog]'] };

// Two logins and a dozen screens each: a shared machine takes more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

test('the admin finds people by a CPF fragment that survives reload, gives Ana points with a reason, and she sees them', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'admin');
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  type Row = { name: string; cpf: string | null; totalPoints: number };
  const all = await request.get('/api/cms/professionals/get-all', { params: { limit: 100 }, headers });
  const people = ((await all.json()) as { items: Row[] }).items;
  const ana = people.find((person) => person.name === demo.professional.name);
  // Ana has no CPF in the demo: the CPF search finds one of the professionals who joined through the stores.
  const withCpf = people.find((person) => person.cpf);
  if (!ana || !withCpf?.cpf) throw new Error('the demo data has no Ana or no professional with a CPF');
  const fragment = `${withCpf.cpf.slice(0, 3)}.${withCpf.cpf.slice(3, 6)}.${withCpf.cpf.slice(6, 9)}`;
  const reason = `Bônus de fim de ano ${Date.now()}`;

  await page.goto('/cms/professionals');
  await expect(page.getByRole('heading', { name: 'Profissionais', level: 1 })).toBeVisible();
  await page.getByLabel('Buscar').fill(fragment);
  await expect(page).toHaveURL(/search=/);
  // The search is the URL's: it survives a reload.
  await page.reload();
  await expect(page.getByLabel('Buscar')).toHaveValue(fragment);
  await expect(page.getByRole('row').filter({ hasText: withCpf.name })).toHaveCount(1);
  await expectAccessible(page, '/cms/professionals', scope);

  // The level filter is the URL's too; back to every level before looking for Ana.
  await page.getByLabel('Nível').selectOption({ index: 1 });
  await expect(page).toHaveURL(/levelId=/);
  await page.getByLabel('Nível').selectOption('');
  await expect(page).not.toHaveURL(/levelId=/);

  await page.getByLabel('Buscar').fill('ana@especifica');
  const row = page.getByRole('row').filter({ hasText: demo.professional.name });
  await expect(row).toHaveCount(1);

  await row.getByRole('link', { name: `Abrir ${demo.professional.name}` }).click();
  await expect(page.getByRole('heading', { name: demo.professional.name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('professional-balance')).toHaveText(`${formatPoints(ana.totalPoints)} pts`);
  await page.getByRole('button', { name: 'Ajustar pontos' }).click();
  const drawer = page.getByRole('dialog', { name: `Ajustar pontos de ${demo.professional.name}` });
  await expect(drawer.getByText(/Saldo atual/)).toBeVisible();
  await expectAccessible(page, '/cms/professionals/:id adjusting', scope);
  await drawer.getByRole('button', { name: 'Confirmar ajuste' }).click();
  await expect(drawer.getByText('Digite uma quantidade de pontos diferente de zero.')).toBeVisible();
  await expect(drawer.getByText('Informe o motivo do ajuste.')).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Pontos', exact: true }).fill('50');
  await drawer.getByLabel(/Motivo/).fill(reason);
  // A double click is one adjustment.
  await drawer.getByRole('button', { name: 'Confirmar ajuste' }).dblclick();
  await expect(page.getByTestId('toast').filter({ hasText: 'Pontos creditados com sucesso!' })).toBeVisible();
  await expect(page.getByTestId('professional-balance')).toHaveText(`${formatPoints(ana.totalPoints + 50)} pts`);
  const entry = page.getByRole('row').filter({ hasText: reason });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Ajuste');
  await expect(entry).toContainText('+50');
  await expectAccessible(page, '/cms/professionals/:id', scope);

  await logout(page);
  await loginAs(page, 'professional');
  await expect(page.getByTestId('header-points').first()).toContainText(`${formatPoints(ana.totalPoints + 50)} Pts`);
  await page.goto('/extract');
  await expect(page.getByRole('heading', { name: 'Extrato' })).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasText: reason })).toContainText('Ajuste');
  await expectAccessible(page, '/extract after the adjustment');
});

test("the admin reads the stores' invoices in the queue's drawer and exports them, then a professional's customers", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'admin');
  await page.goto('/cms/shopkeepers/invoices');
  await expect(page.getByRole('heading', { name: 'Notas fiscais das lojas', level: 1 })).toBeVisible();
  const first = page.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  await expectAccessible(page, '/cms/shopkeepers/invoices', scope);
  await first.getByRole('button', { name: 'Abrir' }).click();
  const drawer = page.getByRole('dialog', { name: /^Nota fiscal / });
  await expect(drawer.getByText('Lojista', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Produtos' })).toBeVisible();
  await expectAccessible(page, '/cms/shopkeepers/invoices with an invoice', scope);
  await page.keyboard.press('Escape');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('notas-shopkeeper.csv');
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv.trim().split(/\r?\n/).length).toBeGreaterThan(1);

  await page.goto('/cms/professionals/customers?expired=true');
  await expect(page.getByRole('heading', { name: 'Clientes dos profissionais', level: 1 })).toBeVisible();
  const customer = page.getByRole('row').nth(1);
  await expect(customer).toContainText('Vencido');
  await expectAccessible(page, '/cms/professionals/customers', scope);
});
