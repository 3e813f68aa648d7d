import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiSession, demo, firstStoreAndSku, openHome, type Session } from './support';

// Live updates (GET /api/events): what another person does shows on an open page without a reload.

// The change goes through the database's announcement, the stream and a refetch: more than the default 5 s on a
// shared machine is still "without a reload".
const expect = baseExpect.configure({ timeout: 15_000 });

const PDF = Buffer.from('%PDF-1.7\n% nota de teste\n%%EOF\n');

/** Ana sends an invoice of a product of the programme, as her invoices screen does; answers its id. */
async function anaSends(
  request: APIRequestContext,
  ana: Session,
  place: { storeId: string; sku: string },
  number: string,
) {
  const answer = await request.post('/api/professionals/invoices/create', {
    headers: { authorization: `Bearer ${ana.token}` },
    multipart: {
      storeId: place.storeId,
      number,
      series: '1',
      issuedOn: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
      lines: JSON.stringify([{ sku: place.sku, description: 'Produto participante', quantity: 1, total: 500 }]),
      file: { name: 'nota.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { item: { id: string } }).item.id;
}

const unread = async (page: Page) => Number(await page.getByTestId('notification-bell').getAttribute('data-unread'));
const points = async (page: Page) => (await page.getByTestId('header-points').first().textContent()) ?? '';

test('Ana’s bell and points change when the admin approves her invoice, without a reload', async ({
  page,
  request,
  server,
}) => {
  const [ana, admin] = await Promise.all([apiSession(server, 'professional'), apiSession(server, 'admin')]);
  const place = await firstStoreAndSku(request, admin.token);
  const id = await anaSends(request, ana, place, `7${String(Date.now()).slice(-8)}`);

  // Ana's unread count as the API keeps it: other journeys on this server may notify her meanwhile (a copy of her
  // data, a sale), so the bell is compared with the API's count, not with a count read before it had arrived.
  const apiUnread = async () =>
    (
      (await (
        await request.get('/api/professionals/notifications/get-all-notifications?limit=1', {
          headers: { authorization: `Bearer ${ana.token}` },
        })
      ).json()) as { unread: number }
    ).unread;
  await openHome(page, ana);
  await expect(page.getByTestId('header-points').first()).toBeVisible();
  const unreadBefore = await apiUnread();
  const pointsBefore = await points(page);
  let reloads = 0;
  page.on('load', () => {
    reloads += 1;
  });

  const approval = await request.post('/api/cms/professionals/invoices/change-status', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { id, status: 'approved' },
  });
  expect(approval.ok()).toBe(true);

  // The approval's notification reaches the bell: it shows the API's count, one more at least than before.
  await expect
    .poll(async () => {
      const [shown, kept] = [await unread(page), await apiUnread()];
      return shown === kept && shown >= unreadBefore + 1;
    })
    .toBe(true);
  await expect.poll(() => points(page)).not.toBe(pointsBefore);
  expect(reloads).toBe(0);
});

test('the admin’s queue shows an invoice that arrives, without a reload', async ({ page, request, server }) => {
  const [ana, admin] = await Promise.all([apiSession(server, 'professional'), apiSession(server, 'admin')]);
  const place = await firstStoreAndSku(request, admin.token);
  await openHome(page, admin);
  await page.goto('/invoices?status=pending');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  let reloads = 0;
  page.on('load', () => {
    reloads += 1;
  });

  const number = `6${String(Date.now()).slice(-8)}`;
  await anaSends(request, ana, place, number);

  await expect(page.getByRole('row').filter({ hasText: number })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: number })).toContainText(demo.professional.name);
  expect(reloads).toBe(0);
});
