import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiSession, enterWith } from './support';

// A catalogue import is a task (docs/jobs.md): the page shows its progress, a reload keeps showing it, and its end
// shows the counts. 2,000 rows: the page shows the task from the upload's answer on (queued, then its rows), and
// an embedded database is held by the import's transaction for a moment only.
const ROWS = 2_000;

test('an admin imports a large catalogue and follows its progress, across a reload, to the counts', async ({
  page,
  server,
}) => {
  const tag = Date.now().toString(36).toUpperCase();
  const csv = [
    'sku;nome;marca;categoria',
    ...Array.from({ length: ROWS }, (_, i) => `LOTE-${tag}-${i + 1};Produto ${i + 1};Marca ${tag};Lote`),
  ].join('\n');
  await enterWith(page, await apiSession(server, 'admin'));
  await page.goto('/cms/products/import');
  await expect(page.getByRole('heading', { name: 'Importar produtos', level: 1 })).toBeVisible();
  await page
    .getByLabel('Arquivo CSV')
    .setInputFiles({ name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Importar', exact: true }).click();

  // Taken by the server: its task's progress, with the import's button held while it runs.
  const progress = page.getByTestId('task-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar', { name: 'Progresso da importação' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();

  // Opened again, the page finds the task (still running, or just ended) and follows it to the end.
  await page.reload();
  const done = page.getByTestId('import-done');
  await expect(done.or(progress)).toBeVisible();
  await expect(done).toBeVisible({ timeout: 20_000 });
  await expect(done.getByText('Produtos criados').locator('xpath=following-sibling::*[1]')).toHaveText('2.000');

  // The admin's bell announces the result (the live stream brings it without a reload), and opens the notice.
  const bell = page.getByTestId('notification-bell');
  await expect.poll(async () => Number(await bell.getAttribute('data-unread'))).toBeGreaterThan(0);
  await bell.click();
  await expect(page).toHaveURL(/\/cms\/notifications$/);
  await expect(page.getByText('Importação de produtos concluída').first()).toBeVisible();
});
