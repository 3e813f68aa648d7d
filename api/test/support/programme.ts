import type { Task } from '@especifica/mf-shared/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Config } from '../../src/config';
import { professionals, stores, storeUsers } from '../../src/db/schema';
import { demoCpf } from '../../src/demo/data';
import { ledgerViolations } from '../../src/modules/ledger/invariants.queries';
import type { EntryInput } from '../../src/modules/ledger/service';
import { createTokens } from '../../src/security/tokens';
import { bearer, startTestApp, type TestApp, tokenFor } from './app';
import type { TestDriver } from './database';
import { multipart as formWithFile, PDF as NFE_PDF } from './forms';
import { waitFor } from './wait';

/** A ledger entry as a test posts it: issued by the system, reason "teste", source type `test`. */
export function testEntry(
  participant: EntryInput['participant'],
  amount: number,
  kind: EntryInput['kind'],
  sourceId: string,
): EntryInput {
  return { participant, amount, kind, sourceType: 'test', sourceId, issuer: 'system', reason: 'teste' };
}

/** A complete store address, as the store forms require. */
export const storeAddress = {
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

export type Caller = 'admin' | 'professional' | 'other' | 'shopkeeper' | 'consultant';

/** The demo accounts each test signs in as: Ana (professional), Eduardo (other), Sérgio (seller), Carla. */
const accounts: Record<Caller, ['admin' | 'professional' | 'shopkeeper', string]> = {
  admin: ['admin', 'admin@especifica.dev'],
  professional: ['professional', 'ana@especifica.dev'],
  other: ['professional', 'eduardo@especifica.dev'],
  shopkeeper: ['shopkeeper', 'sergio@especifica.dev'],
  consultant: ['shopkeeper', 'carla@especifica.dev'],
};

export interface ProgrammeTest extends TestApp {
  ids: { ana: string; eduardo: string; sergio: string; carla: string; store: string };
  /** Calls the API as one of the demo accounts, or anonymously with null. */
  call(caller: Caller | null, method: InjectOptions['method'], url: string, payload?: unknown): Promise<Response>;
  /** Calls the API with a session of one's own (a token from tokenFor). */
  callWith(token: string, method: InjectOptions['method'], url: string, payload?: unknown): Promise<Response>;
  /** Posts a multipart form (fields, then at most one file) as one of the demo accounts. */
  upload(caller: Caller | null, url: string, form: MultipartForm): Promise<Response>;
  /** Posts an import (answered 202 with its task) and waits for its job to end it: the task as its owner reads it. */
  importFile(caller: Caller, url: string, form: MultipartForm): Promise<Task>;
  /** A task of the caller's once it has ended (done or failed). */
  taskEnded(caller: Caller, id: string): Promise<Task>;
  /** The clock the app reads; tests may set it and must reset it. */
  clock: { now: Date | null };
}

type Response = LightMyRequestResponse;

export async function startProgramme(driver: TestDriver, config: Partial<Config> = {}): Promise<ProgrammeTest> {
  const clock: { now: Date | null } = { now: null };
  const t = await startTestApp(driver, { now: () => clock.now ?? new Date(), config });
  const tokens = {} as Record<Caller, string>;
  for (const [caller, [role, email]] of Object.entries(accounts) as [Caller, [never, string]][]) {
    tokens[caller] = await tokenFor(t.app, role, email);
  }
  const db = t.database.db;
  const idOf = async (table: typeof professionals | typeof storeUsers, email: string) => {
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.email, email));
    if (!row) throw new Error(`no ${email}`);
    return row.id;
  };
  const [store] = await db.select({ id: stores.id }).from(stores);
  if (!store) throw new Error('no demo store');
  const callWith: ProgrammeTest['callWith'] = (token, method, url, payload) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const upload: ProgrammeTest['upload'] = (caller, url, form) => {
    const { body, contentType } = multipart(form);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...(caller ? bearer(tokens[caller]) : {}), 'content-type': contentType },
      payload: body,
    });
  };
  return {
    ...t,
    clock,
    ids: {
      ana: await idOf(professionals, 'ana@especifica.dev'),
      eduardo: await idOf(professionals, 'eduardo@especifica.dev'),
      sergio: await idOf(storeUsers, 'sergio@especifica.dev'),
      carla: await idOf(storeUsers, 'carla@especifica.dev'),
      store: store.id,
    },
    upload,
    call: (caller, method, url, payload) => callWith(caller ? tokens[caller] : '', method, url, payload),
    callWith,
    taskEnded: (caller, id) => taskEnded(callWith, tokens[caller], id),
    async importFile(caller, url, form) {
      const response = await upload(caller, url, form);
      if (response.statusCode !== 202) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      return taskEnded(callWith, tokens[caller], (response.json() as Task).id);
    },
  };
}

function taskEnded(callWith: ProgrammeTest['callWith'], token: string, id: string): Promise<Task> {
  return waitFor(
    `task ${id} to end`,
    async () => {
      const task = (await callWith(token, 'GET', `/api/tasks/${id}`)).json() as Task;
      return task.state === 'done' || task.state === 'failed' ? task : null;
    },
    60_000,
  );
}

/** The ledger and the records that point at it agree (see invariants.ts); call it after every case. */
export async function expectLedgerConsistent(t: TestApp): Promise<void> {
  expect(await ledgerViolations(t.database.db)).toEqual([]);
}

export interface MultipartForm {
  fields?: Record<string, string>;
  file?: { name: string; data: Buffer | string; field?: string; contentType?: string };
}

export function multipart(form: MultipartForm): { body: Buffer; contentType: string } {
  const boundary = `----especifica${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(form.fields ?? {})) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (form.file) {
    const { name, data, field = 'file', contentType = 'application/octet-stream' } = form.file;
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      Buffer.isBuffer(data) ? data : Buffer.from(data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A valid CPF from 9 digits (the two check digits by module 11). */
export const cpfFrom = demoCpf;

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let invoiceNumber = 1000;

/** Sends an invoice through the API (a PDF file unless told otherwise) and returns the response. */
export function submitInvoice(
  t: ProgrammeTest,
  caller: Caller,
  fields: Record<string, unknown>,
  options: { file?: Buffer | null; url?: string } = {},
) {
  invoiceNumber += 1;
  const url =
    options.url ??
    (caller === 'admin'
      ? '/api/cms/professionals/invoices/create'
      : caller === 'shopkeeper' || caller === 'consultant'
        ? '/api/shopkeeper/invoices/create'
        : '/api/professionals/invoices/create');
  const values: Record<string, string> = {
    number: String(invoiceNumber),
    series: '1',
    issuedOn: saoPauloToday(),
  };
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) values[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  const file = options.file === null ? undefined : { name: 'nota.pdf', data: options.file ?? PDF };
  return t.upload(caller, url, { fields: values, file });
}

export const saoPauloToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** A session token for any account, without a login (for the tests that need many participants). */
export function tokenOf(t: TestApp, role: 'professional' | 'shopkeeper' | 'admin', id: string): string {
  return createTokens(t.config.jwtSecret, 3600).sign({ sub: id, role, tv: 0 });
}

/** A tiny PNG: the signature is all that the upload checks. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

/** A catalogue of one product, PISO-01 (a Portinari floor tile), imported by the admin: what the stores' sales name. */
export const importFloorTile = (t: ProgrammeTest) =>
  t.importFile('admin', '/api/products/import', {
    file: { name: 'p.csv', data: 'sku;nome;marca;categoria;ativo\nPISO-01;Porcelanato;Portinari;Pisos;sim' },
  });

/** A store's sale of two PISO-01 (R$ 300) to Ana, registered today with a shopkeeper's token: the raw response. */
export function registerSaleForAna(t: ProgrammeTest, token: string) {
  const { payload, headers } = formWithFile(
    {
      number: String(Math.floor(Math.random() * 1e8)),
      series: '1',
      issuedOn: saoPauloToday(),
      professionalId: t.ids.ana,
      lines: [{ sku: 'PISO-01', description: 'Porcelanato', quantity: 2, total: 300 }],
    },
    { name: 'nota.pdf', data: NFE_PDF, type: 'application/pdf' },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/shopkeeper/invoices/create',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}
