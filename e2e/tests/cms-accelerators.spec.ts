import { expect as baseExpect } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { demo, extractOf, loginAs, storedToken, typeMasked } from './support';

// A toast after a write, a drawer on a busy machine: more than the default 5 s.
const expect = baseExpect.configure({ timeout: 10_000 });
const regions = { include: ['main', '[role=dialog]', '[role=alertdialog]'] };

/** A day `days` before today in Brasília, as the API (YYYY-MM-DD) and as typed in a date field (DDMMYYYY). */
function dayBefore(days: number) {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() - days * 86_400_000),
  );
  const [year, month, day] = iso.split('-');
  return { iso, typed: `${day}${month}${year}` };
}

test('an accelerator created in the CMS doubles the points of an invoice of its product approved afterwards', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'admin');
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const products = await request.get('/api/products/get-all', { params: { limit: 100, page: 1 }, headers });
  type Product = { sku: string; name: string; active: boolean };
  const product = ((await products.json()) as { items: Product[] }).items.filter((item) => item.active).at(-1);
  const stores = await request.get('/api/cms/stores/get-all', { params: { limit: 1, page: 1 }, headers });
  const storeId = ((await stores.json()) as { items: { id: string }[] }).items[0]?.id;
  if (!product || !storeId) throw new Error('the demo data has an active product and a store');
  // A period of two days three weeks back, so that no other journey's invoice falls in it.
  const start = dayBefore(21);
  const end = dayBefore(20);
  const name = `Acelerador e2e ${Date.now().toString(36)}`;

  await page.goto('/cms/accelerators');
  await expect(page.getByRole('heading', { name: 'Aceleradores', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Novo' }).click();
  const form = page.getByRole('dialog', { name: 'Novo acelerador' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText('Digite o nome do acelerador.')).toBeVisible();
  await form.getByLabel('Nome do acelerador').fill(name);
  await form.getByLabel('Multiplicador').fill('2');
  await form.getByRole('combobox', { name: 'Aplica-se a' }).click();
  await page.getByRole('option', { name: 'Produto' }).click();
  await form.getByRole('combobox', { name: 'Produto' }).fill(product.sku);
  await form
    .getByRole('option')
    .filter({ hasText: `${product.name} (${product.sku})` })
    .click();
  await expect(form.getByRole('combobox', { name: 'Produto' })).toHaveValue(`${product.name} (${product.sku})`);
  await typeMasked(form.getByLabel('Início (DD/MM/AAAA)'), start.typed);
  await typeMasked(form.getByLabel('Fim (DD/MM/AAAA)'), end.typed);
  await expectAccessible(page, '/cms/accelerators creating', regions);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Acelerador cadastrado com sucesso!' })).toBeVisible();
  await expect(form).toBeHidden();

  // An invoice of that product issued in the period, sent after the accelerator exists, then approved in the queue.
  const number = `7${String(Date.now()).slice(-8)}`;
  const created = await request.post('/api/cms/professionals/invoices/create', {
    headers,
    multipart: {
      storeId,
      number,
      series: '1',
      issuedOn: start.iso,
      professionalEmail: demo.professional.email,
      lines: JSON.stringify([{ sku: product.sku, description: product.name, quantity: 1, total: 100 }]),
    },
  });
  expect(created.ok()).toBe(true);
  const invoice = ((await created.json()) as { item: { id: string } }).item;

  await page.goto(`/invoices?status=pending&search=${number}`);
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Abrir' }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`Nota fiscal ${number}/`) });
  await drawer.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Nota fiscal aprovada com sucesso!' })).toBeVisible();

  // The invoice's own credit and, beside it, the accelerator's bonus of as many points again: twice the points.
  const extract = await extractOf(request, demo.professional.email);
  const credit = extract.items.find((movement) => movement.sourceId === invoice.id && movement.kind === 'credit');
  const bonus = extract.items.find((movement) => movement.sourceId.startsWith(`${invoice.id}:`));
  expect(credit?.points).toBeGreaterThan(0);
  expect(bonus?.kind).toBe('bonus');
  expect(bonus?.reason).toContain(name);
  expect(bonus?.points).toBeCloseTo(credit?.points ?? 0, 2);
});
