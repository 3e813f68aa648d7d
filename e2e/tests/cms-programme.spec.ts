import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { loginAs, storedToken } from './support';

const content = { include: ['main', '[role=dialog]', '[role=alertdialog]'] };

// The desktop admin header, with its five groups.
test.use({ viewport: { width: 1440, height: 900 } });

/** Clicks a button that starts a download and reads the file (CSV, without its BOM) as lines. */
async function downloaded(page: Page, button: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
  return { name: download.suggestedFilename(), lines: text.trim().split('\r\n') };
}

const decimal = (value: number) => String(value).replace('.', ',');

test('the admin exports the specifications the filters find: the file has the header and the invoice found', async ({
  page,
  request,
}) => {
  await loginAs(page, 'admin');
  const token = await storedToken(page);
  const oldest = await request.get('/api/cms/dashboard/get-specifications', {
    params: { status: 'approved', sort: 'createdAt', limit: 1, page: 1 },
    headers: { Authorization: `Bearer ${token}` },
  });
  const [first] = (
    (await oldest.json()) as {
      items: { issuedOn: string; number: string; series: string; total: number; professional: { name: string } }[];
    }
  ).items;
  if (!first) throw new Error('the demo data has no approved invoice');

  await page.goto('/cms/reports/export-specifications');
  await expect(page.getByRole('heading', { name: 'Exportar especificações', level: 1 })).toBeVisible();
  await page.getByLabel('Situação').selectOption('approved');
  await expect(page).toHaveURL(/status=approved/);
  // The filters of the page are the file's: one invoice found by its number is the file's one row.
  await page.getByLabel('Buscar').fill(first.number);
  await expect(page).toHaveURL(new RegExp(`search=${first.number}`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText('Aprovada');
  await expectAccessible(page, '/cms/reports/export-specifications', content);

  const file = await downloaded(page, page.getByRole('button', { name: 'Exportar CSV' }));
  expect(file.name).toBe('especificacoes.csv');
  expect(file.lines[0]).toBe(
    '"Data de emissão";"Número";"Série";"Situação";"Valor (R$)";"Pontos";"Pontos de acelerador";"Profissional";"E-mail";"CPF";"Loja";"CNPJ";"Enviada em"',
  );
  expect(file.lines[1]).toMatch(
    new RegExp(
      // The day of issue as people read it, DD/MM/YYYY.
      `^"${first.issuedOn.split('-').reverse().join('/')}";"${first.number}";"${first.series}";"Aprovada";${decimal(first.total)};.*"${first.professional.name}"`,
    ),
  );
  expect(file.lines).toHaveLength(2);
});

test('the admin reads the 12 months in charts, downloads them, and previews a change of the regulation', async ({
  page,
  request,
}) => {
  await loginAs(page, 'admin');
  const token = await storedToken(page);
  const dashboard = await request.get('/api/cms/dashboard/get-all', { headers: { Authorization: `Bearer ${token}` } });
  const { series } = (await dashboard.json()) as { series: { month: string; invoices: number; approved: number }[] };

  await expect(page.getByTestId('chart-points')).toBeVisible();
  await expect(page.getByTestId('chart-invoices')).toBeVisible();
  await expectAccessible(page, '/cms/dashboard', content);
  const months = await downloaded(
    page,
    page.getByRole('group', { name: 'Visão geral por mês' }).getByRole('button', { name: 'Exportar CSV' }),
  );
  expect(months.lines[0]).toBe(
    '"Mês";"Notas enviadas";"Notas aprovadas";"Valor aprovado (R$)";"Pontos";"Pontos resgatados";"Pontos vencidos"',
  );
  const [oldest] = series;
  expect(months.lines[1]).toMatch(new RegExp(`^"${oldest?.month}";${oldest?.invoices};${oldest?.approved};`));
  expect(months.lines).toHaveLength(14);

  await page.getByRole('combobox', { name: 'Programa' }).click();
  await page.getByRole('option', { name: 'Regulamento' }).click();
  await expect(page).toHaveURL(/\/cms\/programme\/regulation$/);
  const text = page.getByLabel(/^Texto/);
  await expect(text).not.toHaveValue('');
  await text.fill(`${await text.inputValue()}\n\n99. Uma cláusula nova.`);
  await page.getByRole('button', { name: 'Ver o que muda' }).click();
  await expect(page.getByTestId('regulation-changes')).toContainText('99. Uma cláusula nova.');
  await expectAccessible(page, '/cms/programme/regulation', content);
});
