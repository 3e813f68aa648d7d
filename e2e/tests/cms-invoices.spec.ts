import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { demo, loginAs, PASSWORD, storedToken } from './support';

interface QueueInvoice {
  id: string;
  number: string;
  points: number;
  professional: { name: string };
}

async function anasExtract(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: demo.professional.email, password: PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const extract = await request.get('/api/professionals/extract/get-all', {
    params: { limit: 100, page: 1, sort: '-createdAt' },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(extract.ok()).toBe(true);
  return (await extract.json()) as { balance: number; items: { kind: string; points: number; sourceId: string }[] };
}

async function openFromQueue(page: Page, invoice: QueueInvoice) {
  await page.getByLabel('Buscar').fill(invoice.number);
  const row = page.getByRole('row').filter({ hasText: invoice.professional.name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Abrir' }).click();
  return page.getByRole('dialog', { name: new RegExp(`Nota fiscal ${invoice.number}/`) });
}

test('the admin works the invoice queue: approves one into the extract, rejects one with a reason', async ({
  page,
  request,
}) => {
  await loginAs(page, 'admin');
  const token = await storedToken(page);
  const queue = await request.get('/api/cms/professionals/invoices/get-all', {
    params: { status: 'pending', sort: 'createdAt', limit: 100, page: 1 },
    headers: { Authorization: `Bearer ${token}` },
  });
  const pending = ((await queue.json()) as { items: QueueInvoice[] }).items;
  const anas = pending.find((invoice) => invoice.professional.name === demo.professional.name);
  const other = pending.find((invoice) => invoice.professional.name !== demo.professional.name);
  if (!anas || !other) throw new Error('the demo data has no pending invoice of Ana and of someone else');
  const before = await anasExtract(request);

  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Notas fiscais', level: 1 })).toBeVisible();
  await page.getByLabel('Situação').selectOption('pending');
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, '/invoices', { include: ['main', '[role=dialog]', '[role=alertdialog]'] });

  const approving = await openFromQueue(page, anas);
  await expect(approving.getByRole('heading', { name: 'Produtos' })).toBeVisible();
  await expectAccessible(page, '/invoices', { include: ['main', '[role=dialog]', '[role=alertdialog]'] });
  await approving.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Nota fiscal aprovada com sucesso!' })).toBeVisible();
  // Filtered on pending, the approved invoice leaves the queue.
  await expect(page.getByRole('row').filter({ hasText: anas.professional.name })).toHaveCount(0);

  const rejecting = await openFromQueue(page, other);
  await rejecting.getByRole('button', { name: 'Reprovar' }).click();
  await rejecting.getByRole('button', { name: 'Reprovar nota' }).click();
  await expect(rejecting.getByText('Informe o motivo da recusa.')).toBeVisible();
  await rejecting.getByLabel('Motivo da recusa').fill('Nota ilegível');
  await rejecting.getByRole('button', { name: 'Reprovar nota' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Nota fiscal recusada.' })).toBeVisible();

  const after = await anasExtract(request);
  const credit = after.items.find((movement) => movement.sourceId === anas.id && movement.kind === 'credit');
  // A pending invoice has no points yet: the approval computes them and credits them (with any bonus) at once.
  expect(credit?.points).toBeGreaterThan(0);
  const fromInvoice = after.items
    .filter((movement) => movement.sourceId === anas.id)
    .reduce((sum, movement) => sum + movement.points, 0);
  expect(after.balance - before.balance).toBeCloseTo(fromInvoice, 2);
});
