import { api, type Result, textOf } from '@especifica/mf-shared';
import {
  accountMessages,
  cpfSchema,
  fieldMessages,
  type Invoice,
  invoiceMessages,
  type KeyContradictions,
  type KeyReading,
  keyContradictions,
  type NfeReading,
  normalizeAccessKey,
  type Product,
  type ProfessionalLookup,
  parseAccessKey,
} from '@especifica/mf-shared/contracts';
import { type Page, PICKER_SHOWN, queryKeys } from '@especifica/mf-shared/kit';
import { z } from 'zod/mini';
import { type Audience, base } from './invoices-list';

// The sending form's calls and checks, loaded with the form; the list's are in ./invoices-list.

export const readNfe = (audience: Audience, file: File): Promise<Result<NfeReading>> => {
  const form = new FormData();
  form.append('file', file);
  return api.post(`${base(audience)}/invoices/read-nfe`, form);
};

/** A DANFE PDF's access key, or an NFC-e QR code link's, read by the API (nothing is saved). */
export const readKey = (audience: Audience, source: { file: File } | { qr: string }): Promise<Result<KeyReading>> => {
  const form = new FormData();
  if ('file' in source) form.append('file', source.file);
  else form.append('qr', source.qr);
  return api.post(`${base(audience)}/invoices/read-key`, form);
};

export const isPdf = (file: File | null) =>
  Boolean(file && (/\.pdf$/i.test(file.name) || file.type === 'application/pdf'));

/** What the form says against the key read with no typing (another store, number, series or month), per field. */
export function contradictionsOf(
  reading: KeyReading | null,
  values: Pick<InvoiceValues, 'storeId' | 'number' | 'series' | 'issuedOn'>,
  cnpjOf: (storeId: string) => string | undefined,
): Partial<Record<'storeId' | 'number' | 'series' | 'issuedOn', string>> {
  const parsed = reading ? parseAccessKey(reading.accessKey) : null;
  if (!parsed?.ok) return {};
  const found: KeyContradictions = keyContradictions(parsed.key, {
    storeCnpj: values.storeId ? (cnpjOf(values.storeId) ?? '') : null,
    number: values.number,
    series: values.series,
    issuedOn: values.issuedOn,
  });
  const { store, ...rest } = found;
  return store && values.storeId ? { storeId: store, ...rest } : rest;
}

export interface StoreOption {
  id: string;
  name: string;
  cnpj: string;
}
export const storesKey = [...queryKeys.participant, 'invoice-stores'] as const;
export const getStores = (): Promise<Result<Page<StoreOption>>> =>
  api.get('/professionals/stores/get-all', { limit: 100, page: 1 });

/** A product of the catalogue as a line picks it: keyed by its SKU, which is what the line holds and sends. */
export type PickedProduct = Pick<Product, 'sku' | 'name'> & Partial<Product> & { id: string };
export const productsKey = [...queryKeys.participant, 'invoice-products'] as const;

/**
 * The active products whose name, brand or SKU has the text, by name: the first few, the rest found by typing more
 * (GET /products/get-all, where a participant sees the catalogue's active products only).
 */
export async function searchProducts(search: string): Promise<Result<Page<PickedProduct>>> {
  const [page, error] = await api.get<Page<Product>>('/products/get-all', {
    search: search || undefined,
    page: 1,
    limit: PICKER_SHOWN,
    sort: 'name',
  });
  if (!page) return [null, error] as Result<Page<PickedProduct>>;
  return [{ ...page, items: page.items.map((product) => ({ ...product, id: product.sku })) }, null];
}

export interface LineValues {
  sku: string;
  description: string;
  quantity: string;
  total: number | null;
}

export interface InvoiceValues {
  file: File | null;
  storeId: string;
  number: string;
  series: string;
  issuedOn: string;
  accessKey: string;
  customerCpf: string;
  customerName: string;
  /** A shopkeeper's sale: the professional's CPF or e-mail. */
  professional: string;
  /** An NFC-e QR code's link, pasted or scanned: read for its key, never sent. */
  qr: string;
  lines: LineValues[];
  /** Rules per profession: the professional declares that the buyer was told (only asked where the rules say). */
  clientTold: boolean;
}

export const emptyLine: LineValues = { sku: '', description: '', quantity: '1', total: null };

export const isNfeXml = (file: File | null) =>
  Boolean(file && (/\.xml$/i.test(file.name) || file.type === 'text/xml' || file.type === 'application/xml'));

/** The multipart form of the create call: the file, and the typed fields unless the NF-e XML carries them. */
export function invoiceForm(audience: Audience, values: InvoiceValues): FormData {
  const form = new FormData();
  const put = (name: string, value: string) => {
    if (value.trim() !== '') form.append(name, value.trim());
  };
  if (audience === 'shopkeeper') {
    const who = values.professional.trim();
    if (who.includes('@')) put('professionalEmail', who);
    else put('professionalCpf', who.replace(/\D/g, ''));
  }
  if (!isNfeXml(values.file)) {
    if (audience === 'professional') put('storeId', values.storeId);
    put('number', values.number);
    put('series', values.series);
    put('issuedOn', values.issuedOn);
    put('accessKey', values.accessKey);
    put('customerName', values.customerName);
    form.append(
      'lines',
      JSON.stringify(
        values.lines.map((line) => ({
          sku: line.sku.trim(),
          description: line.description.trim(),
          quantity: Number(line.quantity.replace(',', '.')),
          total: line.total ?? 0,
        })),
      ),
    );
  }
  put('customerCpf', values.customerCpf.replace(/\D/g, ''));
  if (audience === 'professional' && values.clientTold) form.append('clientTold', 'true');
  if (values.file) form.append('file', values.file);
  return form;
}

/** The professional a seller's sale is for, by CPF or e-mail: the name only (GET /shopkeeper/professionals/lookup). */
export const lookupProfessional = (search: string): Promise<Result<ProfessionalLookup>> =>
  api.get('/shopkeeper/professionals/lookup', { search });

export const sendInvoice = (audience: Audience, values: InvoiceValues) =>
  api.post<{ msg: string; item: Invoice }>(`${base(audience)}/invoices/create`, invoiceForm(audience, values));

type Errors = Record<string, unknown>;

const SAO_PAULO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

/**
 * The checks of the create form before it is sent, in the contract's own pt-BR messages: with an NF-e XML only the
 * file (and, for a shopkeeper, the professional) is asked; a PDF or a photo needs the fields typed.
 */
export function invoiceResolver(
  audience: Audience,
  /** The key read with no typing and the chosen store's CNPJ: the fields may not contradict it. */
  keyCheck: () => { reading: KeyReading | null; cnpjOf: (storeId: string) => string | undefined } = () => ({
    reading: null,
    cnpjOf: () => undefined,
  }),
) {
  return async (values: InvoiceValues) => {
    const errors: Errors = {};
    const fail = (name: string, message: string) => {
      errors[name] = { type: 'validate', message };
    };
    if (!values.file) fail('file', invoiceMessages.file);
    // A file that says it is a PDF must begin as one, as the API checks it (its first bytes, not its name).
    else if (isPdf(values.file) && (await textOf(values.file.slice(0, 5))) !== '%PDF-') {
      fail('file', invoiceMessages.file);
    }
    if (audience === 'shopkeeper' && values.professional.trim() === '' && values.customerCpf.trim() === '') {
      fail('professional', invoiceMessages.professional);
    }
    if (values.customerCpf.trim() !== '' && !z.safeParse(cpfSchema, values.customerCpf).success) {
      fail('customerCpf', accountMessages.document);
    }
    if (!isNfeXml(values.file)) {
      if (audience === 'professional' && !values.storeId) fail('storeId', invoiceMessages.store);
      if (!/^\d{1,20}$/.test(values.number.trim())) fail('number', invoiceMessages.number);
      if (!/^[0-9A-Za-z]{1,5}$/.test(values.series.trim())) fail('series', invoiceMessages.series);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.issuedOn)) fail('issuedOn', 'Digite a data de emissão da nota fiscal.');
      // The API's own checks, before sending: no date after today (in São Paulo), a key whose every rule holds.
      else if (values.issuedOn > SAO_PAULO_DAY.format(new Date())) fail('issuedOn', invoiceMessages.futureDate);
      const key = normalizeAccessKey(values.accessKey);
      const parsed = key === '' ? null : parseAccessKey(key);
      if (parsed && !parsed.ok) fail('accessKey', parsed.message);
      const lines: Errors[] = values.lines.map((line) => {
        const wrong: Errors = {};
        // The SKU comes only from a product picked in the catalogue: a line without one names none.
        if (line.sku.trim() === '') wrong.sku = { type: 'validate', message: invoiceMessages.product };
        if (!(Number(line.quantity.replace(',', '.')) > 0)) {
          wrong.quantity = { type: 'validate', message: invoiceMessages.quantity };
        }
        if (typeof line.total !== 'number' || Number.isNaN(line.total) || line.total < 0) {
          wrong.total = { type: 'validate', message: fieldMessages.money };
        }
        return wrong;
      });
      if (lines.some((line) => Object.keys(line).length > 0)) errors.lines = lines;
      const { reading, cnpjOf } = keyCheck();
      for (const [name, message] of Object.entries(contradictionsOf(reading, values, cnpjOf))) {
        if (!errors[name]) fail(name, message);
      }
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
