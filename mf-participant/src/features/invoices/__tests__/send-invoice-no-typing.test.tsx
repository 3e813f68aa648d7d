import { readFileSync } from 'node:fs';
import path from 'node:path';
import { session } from '@especifica/mf-shared';
import { accessKeyCheckDigit, invoiceMessages, keyReadingMessages } from '@especifica/mf-shared/contracts';
import { expectTexts, fakeApi, recordToasts, renderPage } from '@especifica/mf-shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { prepareZXingModule } from 'barcode-detector/ponyfill';
import { encode } from 'uqr';
import { InvoicesPage } from '../components/invoices-page';
import { decodeQr } from '../qr/qr-decode';
import { pickProduct, products } from './catalogue';

// No typing on /invoices (docs/invoice-trust.md): a DANFE PDF's key or an NFC-e QR code's link fills the key's
// fields, shown to confirm; what the person types against the key is named next to its field before sending.

const keyOf = (first43: string) => `${first43}${accessKeyCheckDigit(first43)}`;
const nfeKey = keyOf('3526111122233300018155003000009001100009001');
const nfceKey = keyOf('3526111122233300018165001000000777100000777');
const store = { id: 's1', name: 'Casa Moderna', cnpj: '11222333000181' };
const keyReading = (changes: Record<string, unknown> = {}) => ({
  source: 'pdf',
  accessKey: nfeKey,
  storeCnpj: store.cnpj,
  store: { id: store.id, name: store.name },
  model: '55',
  series: '3',
  number: '9001',
  year: 2026,
  month: 11,
  state: '35',
  ...changes,
});
const page = (items: unknown[]) => [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];
const readKeyBody = (sent: ReturnType<typeof fakeApi>) =>
  sent.find((call) => call.url === '/professionals/invoices/read-key')?.body as FormData;
const qrLink = `https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx?p=${nfceKey}|2|1|1|A1B2C3`;

jest.setTimeout(30_000);

describe('sending an invoice with no typing', () => {
  const toasts = recordToasts();
  afterAll(toasts.stop);

  async function openForm(routes: Parameters<typeof fakeApi>[0]) {
    session.setUser({
      _id: 'u1',
      name: 'Ana',
      email: 'ana@especifica.dev',
      userType: 'professional',
      accessToken: 't',
    } as never);
    const sent = fakeApi({
      '/professionals/invoices/get-all': page([]),
      '/products/get-all': products,
      '/professionals/stores/get-all': page([store, { id: 's2', name: 'Lar & Obra', cnpj: '98765432000198' }]),
      ...routes,
    });
    renderPage('/invoices', ['/invoices'], <InvoicesPage />);
    await screen.findByText('Nenhuma nota fiscal enviada ainda.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar nota fiscal' }));
    return { sent, drawer: await screen.findByRole('dialog', { name: 'Enviar nota fiscal' }) };
  }
  const pdf = () => new File(['%PDF-1.7'], 'danfe.pdf', { type: 'application/pdf' });

  it("fills the key's fields from a DANFE PDF and names what is typed against it, next to the field, before sending", async () => {
    const { sent, drawer } = await openForm({
      '/professionals/invoices/read-key': [200, keyReading()],
      '/professionals/invoices/create': [200, { msg: 'Nota fiscal enviada com sucesso!', item: {} }],
    });
    await userEvent.upload(await within(drawer).findByLabelText('Arquivo da nota fiscal'), pdf());
    const shown = await within(drawer).findByTestId('key-reading');
    expectTexts(shown, ['Casa Moderna', '11.222.333/0001-81', 'NF-e (modelo 55)', '9001 · Série 3', '11/2026']);
    expect(readKeyBody(sent).get('file')).toBeInstanceOf(File);
    expect(within(drawer).getByLabelText('Número')).toHaveValue('9001');
    expect(within(drawer).getByLabelText('Série')).toHaveValue('3');
    expect(within(drawer).getByLabelText('Chave de acesso (opcional)')).toHaveValue(nfeKey);
    // Typed against the key: another number, another month, another store.
    await userEvent.clear(within(drawer).getByLabelText('Número'));
    await userEvent.type(within(drawer).getByLabelText('Número'), '9002');
    await userEvent.type(within(drawer).getByLabelText('Data de emissão'), '10102026');
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Loja' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lar & Obra' }));
    expect(
      await within(drawer).findByText('A chave de acesso é da nota número 9001: confira o número.'),
    ).toBeInTheDocument();
    expect(
      within(drawer).getByText('A chave de acesso é de uma nota emitida em 11/2026: confira a data de emissão.'),
    ).toBeInTheDocument();
    expect(
      within(drawer).getByText('A chave de acesso é de outra loja: confira a loja escolhida.'),
    ).toBeInTheDocument();
    await pickProduct(drawer, 'areia', /Porcelanato Areia 60x60/);
    await userEvent.type(within(drawer).getByLabelText('Valor total da linha'), '2500');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Enviar nota fiscal' }));
    expect(sent.some((call) => call.url === '/professionals/invoices/create')).toBe(false);
    // Put right, it goes, with the key.
    await userEvent.clear(within(drawer).getByLabelText('Número'));
    await userEvent.type(within(drawer).getByLabelText('Número'), '9001');
    await userEvent.clear(within(drawer).getByLabelText('Data de emissão'));
    await userEvent.type(within(drawer).getByLabelText('Data de emissão'), '20112026');
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Loja' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Casa Moderna' }));
    await waitFor(() => expect(within(drawer).queryByText(/A chave de acesso é/)).toBeNull());
    await userEvent.click(within(drawer).getByRole('button', { name: 'Enviar nota fiscal' }));
    await waitFor(() =>
      expect(toasts.shown.map((toast) => toast.message)).toContain('Nota fiscal enviada com sucesso!'),
    );
    const create = sent.find((call) => call.url === '/professionals/invoices/create')?.body as FormData;
    expect([create.get('accessKey'), create.get('number'), create.get('storeId'), create.get('qr')]).toEqual([
      nfeKey,
      '9001',
      's1',
      null,
    ]);
  });

  it("drops a PDF's key when another file takes its place", async () => {
    const { drawer } = await openForm({ '/professionals/invoices/read-key': [200, keyReading()] });
    const input = await within(drawer).findByLabelText('Arquivo da nota fiscal');
    await userEvent.upload(input, pdf());
    expect(await within(drawer).findByTestId('key-reading')).toBeInTheDocument();
    await userEvent.upload(input, new File(['x'], 'cupom.png', { type: 'image/png' }));
    await waitFor(() => expect(within(drawer).queryByTestId('key-reading')).toBeNull());
    expect(within(drawer).getByLabelText('Link do QR code da NFC-e')).toBeInTheDocument();
  });

  it("says why a PDF's key cannot be read, and the fields can still be typed", async () => {
    const { drawer } = await openForm({
      '/professionals/invoices/read-key': [400, { msg: keyReadingMessages.pdfNoKey, code: 'pdf-no-key' }],
    });
    await userEvent.upload(await within(drawer).findByLabelText('Arquivo da nota fiscal'), pdf());
    expect(await within(drawer).findByText(keyReadingMessages.pdfNoKey)).toBeInTheDocument();
    expect(within(drawer).queryByTestId('key-reading')).toBeNull();
    expect(within(drawer).getByLabelText('Número')).toHaveValue('');
  });

  it('reads a pasted NFC-e QR code link, refusing another link next to the field without asking the API', async () => {
    const { sent, drawer } = await openForm({
      '/professionals/invoices/read-key': [
        200,
        keyReading({ source: 'qr', accessKey: nfceKey, model: '65', series: '1', number: '777' }),
      ],
    });
    const link = await within(drawer).findByLabelText('Link do QR code da NFC-e');
    await userEvent.type(link, 'https://example.com/nota?p=123');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Ler link' }));
    expect(await within(drawer).findByText(keyReadingMessages.qrUrl)).toBeInTheDocument();
    expect(sent.some((call) => call.url === '/professionals/invoices/read-key')).toBe(false);
    await userEvent.clear(link);
    await userEvent.click(link);
    await userEvent.paste(qrLink);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Ler link' }));
    const shown = await within(drawer).findByTestId('key-reading');
    expectTexts(shown, ['Casa Moderna', 'NFC-e (modelo 65)', '777 · Série 1']);
    expect(within(drawer).queryByText(keyReadingMessages.qrUrl)).toBeNull();
    expect(readKeyBody(sent).get('qr')).toBe(qrLink);
    // The file is still asked: the receipt's photo proves the purchase.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Enviar nota fiscal' }));
    expect(await within(drawer).findByText(invoiceMessages.file)).toBeInTheDocument();
  });

  it.each([
    ['no camera', undefined, keyReadingMessages.noCamera],
    [
      'a refused permission',
      Object.assign(new Error('denied'), { name: 'NotAllowedError' }),
      keyReadingMessages.cameraDenied,
    ],
  ])('says so when the camera cannot be used (%s), and pasting still works', async (_case, refusal, message) => {
    const devices = refusal ? { getUserMedia: jest.fn().mockRejectedValue(refusal) } : undefined;
    Object.defineProperty(navigator, 'mediaDevices', { value: devices, configurable: true });
    const { drawer } = await openForm({});
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Ler QR code' }));
    expect(await within(drawer).findByText(message)).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Link do QR code da NFC-e')).toBeEnabled();
  });
});

describe("the QR code reader's decoding", () => {
  // The camera cannot run headless: a QR code drawn here from the link, as the camera's frame would hold it, goes
  // through the same decodeQr, with the polyfill's WebAssembly read from the package.
  beforeAll(() => {
    // jsdom has no ImageData (the browser's frame type): a plain one, as the canvas would give.
    globalThis.ImageData ??= class {
      colorSpace = 'srgb';
      constructor(
        readonly data: Uint8ClampedArray,
        readonly width: number,
        readonly height: number,
      ) {}
    } as unknown as typeof ImageData;
    prepareZXingModule({
      overrides: {
        // The package's own file (a .wasm import is only its address in these tests).
        wasmBinary: new Uint8Array(
          readFileSync(path.join(path.dirname(require.resolve('zxing-wasm/reader')), '../../reader/zxing_reader.wasm')),
        ).buffer,
      },
      fireImmediately: false,
    });
  });

  function frameOf(text: string, scale = 4, quiet = 4) {
    const { size, data } = encode(text, { ecc: 'M' });
    const side = (size + quiet * 2) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (const [y, row] of data.entries()) {
      for (const [x, dark] of row.entries()) {
        if (!dark) continue;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const at = (((y + quiet) * scale + dy) * side + (x + quiet) * scale + dx) * 4;
            pixels.fill(0, at, at + 3);
          }
        }
      }
    }
    return new ImageData(pixels, side, side);
  }

  it("reads an NFC-e's link from a QR code, and nothing from a blank frame", async () => {
    expect(await decodeQr(frameOf(qrLink))).toBe(qrLink);
    const blank = frameOf('x');
    blank.data.fill(255);
    expect(await decodeQr(blank)).toBeNull();
  });
});
