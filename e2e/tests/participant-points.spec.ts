import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import {
  expectBelowHeader,
  formatPoints,
  PASSWORD,
  pickProduct,
  renumberedDemoNfe,
  sendSaleFor,
  startSale,
  submitLogin,
  typeMasked,
} from './support';

// The participant's points: the extract and its CSV, invoices (NF-e read before sending, a shopkeeper's sale), the
// experiences (subscribe, the header's balance, cancel), attendance by QR code, and a campaign's QR code.

// Reading an NF-e on a worker thread, a toast after a write: a shared machine may take more than the default 5 s.
const expect = baseExpect.configure({ timeout: 10_000 });

type Who = 'ana' | 'sergio' | 'carla' | 'admin';
const logins: Record<Who, [string, string]> = {
  ana: ['/api/auth/login', 'ana@especifica.dev'],
  sergio: ['/api/auth/shopkeeper-login', 'sergio@especifica.dev'],
  carla: ['/api/auth/shopkeeper-login', 'carla@especifica.dev'],
  admin: ['/api/auth/admin-login', 'admin@especifica.dev'],
};

interface Session {
  token: string;
  stored: string;
}

async function sessionOf(request: APIRequestContext, who: Who): Promise<Session> {
  const [url, email] = logins[who];
  const response = await request.post(url, { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  const data = await response.json();
  const stored = JSON.stringify({ user: { ...data.user, accessToken: data.accessToken }, loginAllUsers: false });
  return { token: data.accessToken, stored };
}

/** Logged in through the API: the page starts with the session the login page would have kept. */
async function enter(page: Page, session: Session, path: string): Promise<void> {
  await page.addInitScript((stored) => {
    if (!localStorage.getItem('store')) localStorage.setItem('store', stored);
  }, session.stored);
  await page.goto(path);
}

const call = (request: APIRequestContext, session: Session) => ({
  get: async (url: string) => {
    const response = await request.get(`/api${url}`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(response.ok()).toBe(true);
    return response;
  },
});

async function headerPoints(page: Page): Promise<string> {
  return ((await page.getByTestId('header-points').first().textContent()) ?? '').replace(/\s+/g, ' ');
}

// A page's first paint waits for the shell, the remote and the data: on a busy machine that outlasts expect's 5 s.
const landing = { timeout: 20_000 };

test.describe('the participant’s points', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a professional reads and downloads the extract, and sends an NF-e after confirming what it holds', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const ana = await sessionOf(request, 'ana');
    await enter(page, ana, '/extract');
    await expect(page.getByRole('heading', { name: 'Extrato' })).toBeVisible(landing);
    await expect(page.getByText('Pontos a vencer nos próximos 90 dias')).toBeVisible();
    await page.getByLabel('Tipo').selectOption('redemption');
    await expect(page).toHaveURL(/kind=redemption/);
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toContainText('Resgate');
    await expect(page.getByTestId('extract-totals')).toContainText('Resgatados');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar extrato (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^extrato-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('"Data";"Tipo";"Descrição";"Pontos"');
    expect(lines.slice(1).every((line) => line.includes('"Resgate"'))).toBe(true);
    await expectAccessible(page, '/extract');
    await page.getByLabel('Tipo').selectOption('credit');
    await page.getByRole('button', { name: 'Como foi calculado' }).first().click();
    await expect(page.getByTestId('extract-computation')).toContainText('em produtos participantes');

    await page.goto('/invoices');
    await expect(page.getByRole('heading', { name: 'Minhas notas fiscais' })).toBeVisible(landing);
    const approved = page.locator('tbody tr').filter({ hasText: 'Aprovada' }).first();
    await approved.getByRole('button', { name: 'Linha do tempo' }).click();
    const timeline = page.getByTestId('invoice-timeline');
    await expect(timeline).toContainText('Enviada');
    await expect(timeline).toContainText('Aprovada');
    await expectAccessible(page, '/invoices with the timeline');
    await page.keyboard.press('Escape');

    const number = 700_000 + Math.floor(Math.random() * 99_999);
    const xml = await renumberedDemoNfe(request, ana.token, number);
    const send = async () => {
      await page.getByRole('button', { name: 'Enviar nota fiscal' }).click();
      const drawer = page.getByRole('dialog', { name: 'Enviar nota fiscal' });
      await drawer.getByLabel('Arquivo da nota fiscal').setInputFiles({
        name: 'nota.xml',
        mimeType: 'text/xml',
        buffer: xml,
      });
      const reading = drawer.getByTestId('nfe-reading');
      await expect(reading).toContainText('Casa & Acabamento Demo');
      await expect(reading).toContainText(`${number} · Série 1`);
      await drawer.getByRole('button', { name: 'Confirmar e enviar' }).click();
      return drawer;
    };
    await send();
    await expect(page.getByTestId('toast').filter({ hasText: 'Nota fiscal enviada com sucesso!' })).toBeVisible();
    await expect(page.locator('tbody tr').filter({ hasText: `NF ${number}` })).toContainText('Pendente');
    // The same document again: the API's msg, and the drawer keeps the file.
    const drawer = await send();
    await expect(drawer.getByTestId('overlay-error')).toContainText('já foi enviada');
    await expect(drawer.getByTestId('nfe-reading')).toBeVisible();

    // A PDF needs the fields typed; the same drawer switches to them.
    await drawer.getByLabel('Arquivo da nota fiscal').setInputFiles({
      name: 'nota.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    // The page reads the PDF for its access key first: this one has none, and the drawer says so above the fields.
    // Its message moves them down, so a click on the store list aimed before it lands where the list was (an open
    // list stays open and follows its field): the store is picked after it.
    await expect(drawer.getByText('Não conseguimos abrir este PDF', { exact: false })).toBeVisible();
    await drawer.getByRole('button', { name: 'Enviar nota fiscal' }).click();
    await expect(drawer.getByText('Digite o número da nota fiscal.')).toBeVisible();
    await drawer.getByRole('combobox', { name: 'Loja' }).click();
    await page.getByRole('option', { name: 'Casa Moderna Acabamentos' }).click();
    const typed = number + 1;
    await drawer.getByLabel('Número').fill(String(typed));
    await drawer.getByLabel('Série').fill('2');
    await typeMasked(drawer.getByLabel('Data de emissão'), '10112026');
    // The product is searched in the catalogue, never typed: the list is checked open, in the drawer.
    await pickProduct(drawer, 'REV-POR-005', /REV-POR-005 · Portobello/, {
      check: () => expectAccessible(page, '/invoices with the product search open', { include: ['[role=dialog]'] }),
    });
    await drawer.getByLabel('Valor total da linha').fill('99,90');
    await drawer.getByRole('button', { name: 'Enviar nota fiscal' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Nota fiscal enviada com sucesso!' }).last(),
    ).toBeVisible();
    await expect(page.locator('tbody tr').filter({ hasText: `NF ${typed}` })).toContainText('Casa Moderna Acabamentos');
  });

  test('a professional subscribes to an experience, the header drops at once, cancels, and confirms attendance by QR code', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const ana = await sessionOf(request, 'ana');
    await enter(page, ana, '/experiences');
    const card = page.getByTestId('experience-card').filter({ hasText: 'Visita técnica à fábrica Portobello' });
    await expect(card).toBeVisible(landing);
    await expect(
      page.getByTestId('experience-card').filter({ hasText: 'Jantar com designers convidados' }),
    ).toContainText('Esgotada');
    await expect(page.getByTestId('experience-card').filter({ hasText: 'Salone del Mobile' })).toContainText(
      'Nível Diamante necessário',
    );
    await expectAccessible(page, '/experiences');
    const before = (await (await call(request, ana).get('/professionals/get-dashboard-data')).json()).totalPoints;
    await card.getByRole('button', { name: 'Inscrever-se' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Custo: 1.500 pontos.');
    await expect(dialog).toContainText(`Seu saldo depois da inscrição: ${formatPoints(before - 1500)} pontos.`);
    await dialog.getByRole('button', { name: 'Inscrever-se' }).click();
    // Below the header: the balance that just changed is not covered.
    await expectBelowHeader(page, page.getByTestId('toast').filter({ hasText: 'Inscrição realizada com sucesso!' }));
    await expect.poll(() => headerPoints(page)).toContain(formatPoints(before - 1500));
    // The subscription's moment: the experience's page opens on it, with the balance after it and the next steps.
    const moment = page.getByTestId('celebration');
    await expect(moment.getByRole('heading', { name: 'Inscrição confirmada' })).toBeVisible();
    await expect(moment).toContainText('Visita técnica à fábrica Portobello');
    await expect(moment).toContainText(`Seu saldo agora: ${formatPoints(before - 1500)} pontos`);
    await expect(page.getByTestId('experience-state')).toContainText('Inscrito');
    await expectAccessible(page, '/experiences/:id, just subscribed');
    await moment.getByRole('link', { name: 'Ver minhas inscrições' }).click();
    await expect(page).toHaveURL(/view=mine/);
    const mine = page.getByTestId('experience-card').filter({ hasText: 'Visita técnica à fábrica Portobello' });
    await mine.getByRole('link', { name: 'Visita técnica à fábrica Portobello' }).click();
    await expect(page.getByRole('heading', { name: 'Visita técnica à fábrica Portobello', level: 1 })).toBeVisible(
      landing,
    );
    await expectAccessible(page, '/experiences/:id');
    await page.getByRole('button', { name: 'Cancelar inscrição' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar inscrição' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Inscrição cancelada e pontos devolvidos.' }),
    ).toBeVisible();
    await expect.poll(() => headerPoints(page)).toContain(formatPoints(before));

    // An experience today: the admin makes it, Ana subscribes, and its QR code confirms her attendance.
    const admin = await sessionOf(request, 'admin');
    const auth = { authorization: `Bearer ${admin.token}` };
    const categories = await (
      await request.get('/api/cms/experiences-categories/get-all?type=professional', { headers: auth })
    ).json();
    const created = await request.post('/api/cms/experiences/create', {
      headers: auth,
      multipart: {
        categoryId: categories.items[0].id,
        name: `Encontro de hoje ${Date.now()}`,
        happensAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        seats: '10',
        points: '0',
        attendancePoints: '50',
      },
    });
    expect(created.status()).toBe(200);
    const { item } = await created.json();
    const cms = await (
      await request.get(`/api/cms/experiences/get-all?search=${encodeURIComponent(item.name)}`, { headers: auth })
    ).json();
    const qrCodePath: string = cms.items[0].qrCodePath;
    expect(
      (
        await request.post('/api/professionals/experiences/subscribe', {
          headers: { authorization: `Bearer ${ana.token}` },
          data: { experienceId: item.id },
        })
      ).status(),
    ).toBe(200);

    // Logged out, the QR code goes to the login and comes back to confirm.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    const fresh = await page.context().newPage();
    await fresh.goto(qrCodePath);
    await expect(fresh).toHaveURL(/\/login\?redirect=/, landing);
    await submitLogin(fresh, 'ana@especifica.dev');
    await expect(fresh).toHaveURL(new RegExp(`${qrCodePath}$`));
    await expect(fresh.getByTestId('attendance-confirmed')).toContainText('Presença confirmada!');
    await expect(fresh.getByTestId('attendance-confirmed')).toContainText('Você ganhou 50 pontos.');
  });

  test('a campaign’s QR code credits once, without the header; a closed one says so', async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const admin = await sessionOf(request, 'admin');
    const campaigns = await (
      await request.get('/api/cms/points-extra/get-all?limit=100', {
        headers: { authorization: `Bearer ${admin.token}` },
      })
    ).json();
    // What the campaign's QR code carries: its id and its secret code.
    const qrOf = (name: string) => {
      const campaign = campaigns.items.find((c: { name: string }) => c.name.includes(name));
      return `id=${campaign.id}&code=${campaign.qrCode}`;
    };
    const ana = await sessionOf(request, 'ana');
    await enter(page, ana, `/point-extra/qrcode?${qrOf('Palestra Tendências 2027')}`);
    await expect(page.getByTestId('campaign')).toContainText('Palestra Tendências 2027', landing);
    await expect(page.getByTestId('header')).toBeHidden();
    await expectAccessible(page, '/point-extra/qrcode');
    await page.getByRole('button', { name: 'Participar' }).click();
    await expect(page.getByTestId('campaign-outcome')).toContainText('Pontos extras creditados!');
    await page.reload();
    await expect(page.getByTestId('campaign-outcome')).toContainText('Você já participou desta campanha.');
    await page.goto(`/point-extra/qrcode?${qrOf('Visita à Expo Revestir')}`);
    await expect(page.getByTestId('campaign-outcome')).toContainText(/já participou|não está ativa/);
  });

  test('a seller registers a sale for a professional found by e-mail; a consultant has no experiences', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const [sergio, ana] = await Promise.all([sessionOf(request, 'sergio'), sessionOf(request, 'ana')]);
    const number = 800_000 + Math.floor(Math.random() * 99_999);
    const xml = await renumberedDemoNfe(request, ana.token, number);
    await enter(page, sergio, '/invoices');
    await expect(page.getByRole('heading', { name: 'Vendas registradas' })).toBeVisible(landing);
    const drawer = await startSale(page, xml, number);
    await sendSaleFor(drawer, 'ninguem@especifica.dev');
    // Inside the drawer, not in a toast beside it.
    await expect(drawer.getByTestId('overlay-error')).toContainText('Profissional não encontrado');
    await expect(drawer.getByLabel('CPF ou e-mail do profissional')).toHaveValue('ninguem@especifica.dev');
    await sendSaleFor(drawer, 'ana@especifica.dev');
    await expect(page.getByTestId('toast').filter({ hasText: 'Nota fiscal enviada com sucesso!' })).toBeVisible();
    await expect(page.locator('tbody tr').filter({ hasText: `NF ${number}` })).toContainText('Pendente');

    const carla = await sessionOf(request, 'carla');
    const other = await page.context().browser()?.newContext({ baseURL });
    const consultant = await (other as NonNullable<typeof other>).newPage();
    await enter(consultant, carla, '/experiences');
    await expect(consultant).toHaveURL(/\/dashboard$/, landing);
    await other?.close();
  });

  test('at 390 px the extract shows cards and the invoices and experiences fit the screen', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const ana = await sessionOf(request, 'ana');
    await enter(page, ana, '/extract');
    await expect(page.getByRole('heading', { name: 'Extrato' })).toBeVisible(landing);
    await expect(page.locator('table')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Baixar extrato (CSV)' })).toBeVisible();
    await expectAccessible(page, '/extract at 390 px');
    for (const path of ['/extract', '/invoices', '/experiences']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible(landing);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});
