import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { nfeXml } from '../../api/test/support/nfe';
import { signJourneyNfe, test } from './fixtures';
import {
  apiSession,
  demo,
  demoStore,
  enterWith,
  firstStoreAndSku,
  type Session,
  sendSaleFor,
  startSale,
} from './support';

// Issue 42's journeys (docs/invoice-trust.md): a signed NF-e approved by the automatic review once its hold has
// passed, a tampered one refused with its reason, and the same key sent by a second professional flagged. Each makes
// invoices of its own, numbered by the run, so that nothing another journey did on this server changes what it sees.

// Reading an NF-e on a worker thread, a toast after a write: a shared machine may take more than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
const landing = { timeout: 20_000 };
const HOUR = 3_600_000;

test.describe.configure({ timeout: 120_000 });

/** An invoice number of this run alone (nine digits), with a tag per journey. */
const numberOf = (tag: number) => Number(`${tag}${String(Date.now()).slice(-8)}`);

/** ide/dhEmi an hour ago, in São Paulo's offset (UTC-3). */
const anHourAgo = () => `${new Date(Date.now() - 4 * HOUR).toISOString().slice(0, 19)}-03:00`;

/** A signed NF-e of the demo store with one line of an active product (R$ 35,00 plus R$ 15,00 of freight). */
function signedNfe(number: number, sku: string) {
  return signJourneyNfe(
    nfeXml({
      cnpj: demoStore.cnpj,
      number,
      series: 42,
      issuedAt: anHourAgo(),
      lines: [{ sku, description: 'Porcelanato da jornada', quantity: '1.0000', total: '35.00' }],
    }),
  );
}

/**
 * The page as `session`: its landing screen first, or its session put in place of the one the page had. The app is
 * left first (for the API's health answer, which runs no script): a page still running writes its own session back
 * to storage when its standing changes (a live update), which put the seller's session back over the admin's.
 */
async function as(page: Page, session: Session, path: string) {
  if (page.url() === 'about:blank') await enterWith(page, session);
  else {
    await page.goto('/api/health');
    await page.evaluate((stored) => localStorage.setItem('store', stored), session.stored);
  }
  await page.goto(path);
}

const auth = (session: Session) => ({ authorization: `Bearer ${session.token}` });

interface AdminInvoice {
  id: string;
  number: string;
  status: string;
  riskFlags: string[];
  professional: { name: string };
}

async function adminInvoices(request: APIRequestContext, admin: Session, params: Record<string, string>) {
  const answer = await request.get('/api/cms/professionals/invoices/get-all', {
    params: { limit: 100, page: 1, ...params },
    headers: auth(admin),
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { items: AdminInvoice[] }).items;
}

/** Opens an invoice's drawer from the admin's queue, found by its number. */
async function openInQueue(page: Page, number: number) {
  const row = page.getByRole('row').filter({ hasText: String(number) });
  await expect(row).toHaveCount(1, landing);
  await row.getByRole('button', { name: 'Abrir' }).click();
  return page.getByRole('dialog', { name: new RegExp(`Nota fiscal ${number}/`) });
}

test('a shopkeeper’s signed NF-e for Ana is approved by the automatic review after its hold, with its rules and her points', async ({
  page,
  request,
  server,
}) => {
  const [admin, sergio, ana] = await Promise.all([
    apiSession(server, 'admin'),
    apiSession(server, 'seller'),
    apiSession(server, 'professional'),
  ]);
  const { sku } = await firstStoreAndSku(request, admin.token);
  const number = numberOf(3);
  // No hold, and no limit of invoices a day that other journeys' invoices for Ana could reach: restored after.
  const saved = (await (await request.get('/api/cms/config/get-settings', { headers: auth(admin) })).json()) as Record<
    string,
    unknown
  >;
  const update = async (settings: Record<string, unknown>) => {
    const answer = await request.post('/api/cms/config/update-settings', { data: settings, headers: auth(admin) });
    expect(answer.ok()).toBe(true);
  };
  await update({ ...saved, automaticReview: true, automaticReviewHoldHours: 0, riskInvoicesPerDay: 1000 });
  try {
    await as(page, sergio, '/invoices');
    await expect(page.getByRole('button', { name: 'Registrar venda' })).toBeVisible(landing);
    const drawer = await startSale(page, Buffer.from(signedNfe(number, sku)), number);
    await sendSaleFor(drawer, demo.professional.email);
    await expect(page.getByTestId('toast').filter({ hasText: 'Nota fiscal enviada com sucesso!' })).toBeVisible();
    const [sent] = await adminInvoices(request, admin, { search: String(number) });
    expect(sent).toMatchObject({ status: 'pending', riskFlags: [] });

    // The job, as an admin runs it now: the hold (0 hours) has passed and every rule holds.
    const run = await request.post('/api/cms/jobs/automatic-review', { headers: auth(admin) });
    expect(run.ok()).toBe(true);
    await expect
      .poll(async () => (await adminInvoices(request, admin, { search: String(number) }))[0]?.status)
      .toBe('approved');
  } finally {
    await update(saved);
  }

  await as(page, admin, `/invoices?search=${number}`);
  const drawer = await openInQueue(page, number);
  const review = drawer.getByTestId('automatic-review');
  await expect(review).toContainText('Aprovada automaticamente');
  const checks = review.getByRole('listitem');
  await expect(checks).toHaveCount(8);
  await expect(checks.filter({ hasText: 'Não cumprida' })).toHaveCount(0);
  await expect(checks.filter({ hasText: 'Cumprida' })).toHaveCount(8);
  await expect(
    drawer.getByTestId('invoice-timeline').getByRole('listitem').filter({ hasText: 'Aprovada' }),
  ).toContainText('Por Sistema');

  await as(page, ana, '/extract');
  await expect(page.getByRole('heading', { name: 'Extrato' })).toBeVisible(landing);
  await expect(
    page
      .locator('tbody tr')
      .filter({ hasText: `Nota fiscal ${number}` })
      .first(),
  ).toContainText('+');
});

test('a tampered NF-e is refused with its reason in pt-BR and nothing is saved', async ({ page, request, server }) => {
  const [admin, ana] = await Promise.all([apiSession(server, 'admin'), apiSession(server, 'professional')]);
  const { sku } = await firstStoreAndSku(request, admin.token);
  const number = numberOf(4);
  // The line's value changed after the store signed: R$ 35,00 becomes R$ 3.500,00.
  const tampered = signedNfe(number, sku).replace('<vProd>35.00</vProd>', '<vProd>3500.00</vProd>');
  const reason = 'A assinatura digital da NF-e não confere com o conteúdo: o XML foi alterado depois de assinado.';

  await as(page, ana, '/invoices');
  await page.getByRole('button', { name: 'Enviar nota fiscal' }).click();
  const drawer = page.getByRole('dialog', { name: 'Enviar nota fiscal' });
  await drawer
    .getByLabel('Arquivo da nota fiscal')
    .setInputFiles({ name: 'nota.xml', mimeType: 'text/xml', buffer: Buffer.from(tampered) });
  await expect(drawer.getByText(reason)).toBeVisible();
  await expect(drawer.getByTestId('nfe-reading')).toHaveCount(0);

  // Sent anyway, through the API: 400 with the same reason, and no invoice of that number exists.
  const sent = await request.post('/api/professionals/invoices/create', {
    headers: auth(ana),
    multipart: { file: { name: 'nota.xml', mimeType: 'text/xml', buffer: Buffer.from(tampered) } },
  });
  expect(sent.status()).toBe(400);
  expect(await sent.json()).toMatchObject({ msg: reason });
  expect(await adminInvoices(request, admin, { search: String(number) })).toHaveLength(0);
});

test('Ana’s key sent again by Eduardo answers him 409 and flags her invoice in the admin’s queue', async ({
  page,
  request,
  server,
}) => {
  const [admin, ana] = await Promise.all([apiSession(server, 'admin'), apiSession(server, 'professional')]);
  const { sku } = await firstStoreAndSku(request, admin.token);
  const number = numberOf(5);
  const xml = Buffer.from(signedNfe(number, sku));
  const file = { name: 'nota.xml', mimeType: 'text/xml', buffer: xml };
  const hers = await request.post('/api/professionals/invoices/create', { headers: auth(ana), multipart: { file } });
  expect(hers.ok()).toBe(true);

  const login = await request.post('/api/auth/login', {
    data: { email: 'eduardo@especifica.dev', password: 'Especifica@2026' },
  });
  const eduardo = ((await login.json()) as { accessToken: string }).accessToken;
  const his = await request.post('/api/professionals/invoices/create', {
    headers: { authorization: `Bearer ${eduardo}` },
    multipart: { file },
  });
  expect(his.status()).toBe(409);
  expect(((await his.json()) as { msg: string }).msg).toMatch(/já foi enviada/);
  const [flagged, ...others] = await adminInvoices(request, admin, { search: String(number) });
  expect(others).toHaveLength(0);
  expect(flagged).toMatchObject({ professional: { name: demo.professional.name }, riskFlags: ['duplicate-attempt'] });

  await as(page, admin, `/invoices?search=${number}`);
  const row = page.getByRole('row').filter({ hasText: String(number) });
  await expect(row).toContainText('Tentativa duplicada', landing);
  await expect(row).toContainText(demo.professional.name);
  // Filtered by that flag: the queue keeps it, in the URL.
  await page.getByLabel('Sinal de risco').selectOption('duplicate-attempt');
  await expect(page).toHaveURL(/flag=duplicate-attempt/);
  await expect(page.getByRole('row').filter({ hasText: String(number) })).toContainText('Tentativa duplicada');
});
