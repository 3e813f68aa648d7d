import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect, chromium, type Locator, type Page } from '@playwright/test';
import { encode } from 'uqr';
import { danfePdf } from '../../api/test/support/danfe';
import { nfeKey } from '../../api/test/support/nfe';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { apiSession, demoStore, enterWith, pickProduct, typeMasked } from './support';

// No typing on /invoices (docs/invoice-trust.md): a professional sends a DANFE PDF of the demo store and its access
// key fills the form; an NFC-e's QR code is pasted as its link, or read by the camera (a fake camera showing a QR
// code: Chromium's own, fed a video made here). The QR reader's WebAssembly comes from our origin, and only once the
// camera is opened.

// Reading a PDF on a worker thread on a shared machine may take more than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
const landing = { timeout: 20_000 };

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const yearMonth = () => today().slice(2, 7).replace('-', '');
const ddmmyyyy = () => today().split('-').reverse().join('');
const monthYear = () => `${today().slice(5, 7)}/${today().slice(0, 4)}`;
const demoKey = (model: '55' | '65', number: number) =>
  nfeKey({ yearMonth: yearMonth(), cnpj: demoStore.cnpj, model, series: 1, number });
const nfceLink = (key: string) =>
  `https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx?p=${key}|2|1|1|0A1B2C3D4E5F`;
/** A PNG of one white pixel: the receipt's photo, which the upload checks by its signature. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

async function openSendForm(page: Page): Promise<Locator> {
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Minhas notas fiscais' })).toBeVisible(landing);
  await page.getByRole('button', { name: 'Enviar nota fiscal' }).click();
  return page.getByRole('dialog', { name: 'Enviar nota fiscal' });
}

/** The product line, the date and the send: what the key cannot say. */
async function finishAndSend(page: Page, drawer: Locator, number: number) {
  await typeMasked(drawer.getByLabel('Data de emissão'), ddmmyyyy());
  // The demo catalogue's first product, found by its SKU: a Portobello porcelain tile.
  await pickProduct(drawer, 'REV-POR-001', /REV-POR-001 · Portobello/);
  await typeMasked(drawer.getByLabel('Valor total da linha'), '1250');
  await drawer.getByRole('button', { name: 'Enviar nota fiscal' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Nota fiscal enviada com sucesso!' })).toBeVisible();
  // A table row at 1440 px, a card at 390 px: the innermost block that holds the invoice and its timeline button.
  const shown = page
    .locator('tr, div')
    .filter({ has: page.getByText(`NF ${number}`, { exact: true }) })
    .filter({ has: page.getByRole('button', { name: 'Linha do tempo' }) })
    .last();
  await expect(shown).toContainText('Pendente');
}

/** A video of a QR code (YUV4MPEG2, grey), for Chromium's fake camera. */
function qrVideo(text: string): string {
  const { size, data } = encode(text, { ecc: 'M' });
  const [width, height, scale] = [640, 480, 6];
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (const [y, row] of data.entries()) {
    for (const [x, dark] of row.entries()) {
      if (!dark) continue;
      for (let dy = 0; dy < scale; dy++)
        luma.fill(
          16,
          (top + y * scale + dy) * width + left + x * scale,
          (top + y * scale + dy) * width + left + (x + 1) * scale,
        );
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(tmpdir(), `qr-${process.pid}-${Date.now()}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}

test.describe('no typing on /invoices', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a DANFE PDF fills the key: the professional confirms its fields, is told of a contradiction, and sends it', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await enterWith(page, await apiSession(server, 'professional'));
    const number = 800_000 + Math.floor(Math.random() * 99_999);
    const drawer = await openSendForm(page);
    await drawer.getByLabel('Arquivo da nota fiscal').setInputFiles({
      name: 'danfe.pdf',
      mimeType: 'application/pdf',
      buffer: await danfePdf({ key: demoKey('55', number) }),
    });
    const reading = drawer.getByTestId('key-reading');
    for (const text of [demoStore.name, '12.345.678/0001-95', 'NF-e (modelo 55)', `${number} · Série 1`, monthYear()]) {
      await expect(reading).toContainText(text);
    }
    await expect(drawer.getByLabel('Número')).toHaveValue(String(number));
    await expect(drawer.getByRole('combobox', { name: 'Loja' })).toContainText(demoStore.name);
    // Another number typed is named beside the field, before sending.
    await drawer.getByLabel('Número').fill(String(number + 1));
    await expect(drawer.getByText(`A chave de acesso é da nota número ${number}: confira o número.`)).toBeVisible();
    await expectAccessible(page, '/invoices with a DANFE read and a contradiction', { include: ['[role=dialog]'] });
    await drawer.getByLabel('Número').fill(String(number));
    await finishAndSend(page, drawer, number);
    await expectAccessible(page, '/invoices after sending a DANFE');
  });

  test('an NFC-e QR code link pasted fills the key; another link is refused beside the field', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await enterWith(page, await apiSession(server, 'professional'));
    const number = 900_000 + Math.floor(Math.random() * 99_999);
    const drawer = await openSendForm(page);
    const link = drawer.getByLabel('Link do QR code da NFC-e');
    await link.fill('https://exemplo.com.br/nota?p=123');
    await drawer.getByRole('button', { name: 'Ler link' }).click();
    await expect(drawer.getByText('Este link não é o do QR code de uma NFC-e', { exact: false })).toBeVisible();
    await expectAccessible(page, '/invoices with a refused link at 390 px', { include: ['[role=dialog]'] });
    await link.fill(nfceLink(demoKey('65', number)));
    await drawer.getByRole('button', { name: 'Ler link' }).click();
    await expect(drawer.getByTestId('key-reading')).toContainText('NFC-e (modelo 65)');
    await drawer
      .getByLabel('Arquivo da nota fiscal')
      .setInputFiles({ name: 'cupom.png', mimeType: 'image/png', buffer: PHOTO });
    await finishAndSend(page, drawer, number);
  });

  test('the camera reads an NFC-e QR code, with the reader and its WebAssembly from our own origin, loaded on demand', async ({
    server,
  }) => {
    const number = 950_000 + Math.floor(Math.random() * 49_999);
    const key = demoKey('65', number);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${qrVideo(nfceLink(key))}`,
      ],
    });
    try {
      const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', permissions: ['camera'] });
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await enterWith(page, await apiSession(server, 'professional'));
      const drawer = await openSendForm(page);
      await expect(drawer.getByLabel('Link do QR code da NFC-e')).toBeVisible();
      expect(requests.filter((url) => /\.wasm$/.test(url))).toEqual([]);
      await drawer.getByRole('button', { name: 'Ler QR code' }).click();
      await expect(drawer.getByTestId('key-reading')).toContainText('NFC-e (modelo 65)', { timeout: 30_000 });
      await expect(drawer.getByLabel('Link do QR code da NFC-e')).toHaveValue(nfceLink(key));
      const wasm = requests.filter((url) => /\.wasm$/.test(url));
      expect(wasm).toHaveLength(1);
      expect(wasm[0]).toMatch(new RegExp(`^${server.url}/remotes/mf_participant/.*zxing_reader\\.[0-9a-f]{8}\\.wasm$`));
      expect(
        requests.filter((url) => !url.startsWith(server.url) && !url.startsWith('data:') && !url.startsWith('blob:')),
      ).toEqual([]);
      await expect(drawer.getByTestId('qr-scanner')).toHaveCount(0);
    } finally {
      await browser.close();
    }
  });
});
