import {
  type AccessKey,
  accessKeyFromNfceUrl,
  accessKeyInText,
  invoiceMessages,
  type KeySource,
  keyReadingMessages,
  keyReadingSchema,
  nfeReadingSchema,
  withoutLeadingZeros,
} from '@especifica/mf-shared/contracts';
import type { FastifyRequest } from 'fastify';
import { fromHundredths } from '../../domain/points';
import { NFE_MAX_BYTES, readNfeOffThread } from '../../files/nfe';
import { readPdfText } from '../../files/pdf-text';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../kernel/principal';
import { type BufferedUpload, bufferedForm, withUploads } from '../../kernel/uploads';
import { nfeReadingOf } from './queries';

/** A DANFE PDF may be as large as any invoice file. */
const PDF_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The key a form names (multipart: a DANFE PDF as `file`, or an NFC-e QR code's link as `qr`), checked by
 * parseAccessKey; every refusal is a 400 with its pt-BR message.
 */
async function keyOf(form: BufferedUpload): Promise<{ source: KeySource; key: AccessKey }> {
  const qr = form.fields.qr?.trim();
  if (!form.file && qr) {
    const parsed = accessKeyFromNfceUrl(qr);
    if (!parsed.ok)
      throw fail.field('qr', parsed.message, 400, parsed.reason === 'qr' ? 'qr-url' : `access-key-${parsed.reason}`);
    return { source: 'qr', key: parsed.key };
  }
  if (form.file?.kind !== 'pdf') throw fail.badRequest(keyReadingMessages.pdfRequired, 'pdf-required');
  const read = await readPdfText(form.file.data);
  if ('timedOut' in read) throw fail.badRequest(keyReadingMessages.pdfTooSlow, 'pdf-unreadable');
  if ('unreadable' in read) throw fail.badRequest(keyReadingMessages.pdfUnreadable, 'pdf-unreadable');
  if (read.text.trim() === '') throw fail.badRequest(keyReadingMessages.pdfNoText, 'pdf-no-text');
  const parsed = accessKeyInText(read.text);
  if (!parsed) throw fail.badRequest(keyReadingMessages.pdfNoKey, 'pdf-no-key');
  if (!parsed.ok) throw fail.badRequest(parsed.message, `access-key-${parsed.reason}`);
  return { source: 'pdf', key: parsed.key };
}

// Reads an NF-e XML without registering anything (screens.md /invoices): the form shows the store, number, series,
// date, access key, customer and products the document holds, and the person confirms before sending it.
export async function nfeReadingRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  // Each reading is a worker's parse of a whole file: a person reads a few invoices a minute, never hundreds.
  const readingLimit = (request: FastifyRequest) => {
    const principal = principalOf(request);
    return deps.limiter.hit(request, 'readingAccount', `${principal.role}:${principal.id}`);
  };
  await withUploads(app, (uploads) => {
    for (const [path, guard] of [
      ['/professionals/invoices/read-nfe', ['professional']],
      ['/shopkeeper/invoices/read-nfe', ['shopkeeper']],
    ] as const) {
      uploads.post(path, { config: { guard }, schema: { response: { 200: nfeReadingSchema } } }, async (request) => {
        await readingLimit(request);
        const form = await bufferedForm(request, NFE_MAX_BYTES);
        if (form.file?.kind !== 'xml') {
          throw fail.badRequest('Envie o XML da NF-e para ler os dados da nota.', 'nfe-required');
        }
        const document = await readNfeOffThread(form.file.data);
        const skus = [...new Set(document.lines.map((line) => line.sku.toUpperCase()))];
        const { store, participating } = await nfeReadingOf(db, document.storeCnpj, skus);
        if (document.lines.length === 0) throw fail.badRequest(invoiceMessages.lines, 'validation');
        return {
          storeCnpj: document.storeCnpj,
          store: store ?? null,
          number: document.number,
          series: document.series,
          issuedOn: document.issuedOn,
          accessKey: document.accessKey,
          customer: document.customer,
          total: fromHundredths(document.productsTotal),
          lines: document.lines.map((line) => ({
            ...line,
            participating: participating.has(line.sku.toUpperCase()),
          })),
          signature:
            document.signature.status === 'verified'
              ? { ...document.signature, reason: null }
              : { status: 'unsigned' as const, signerName: null, signerCnpj: null, reason: null },
        };
      });
    }
    // No typing (docs/invoice-trust.md): the key of a DANFE PDF's text layer or of an NFC-e's QR code, shown to
    // confirm before sending. Nothing is saved; the invoice it goes with stays for a human review.
    for (const [path, guard] of [
      ['/professionals/invoices/read-key', ['professional']],
      ['/shopkeeper/invoices/read-key', ['shopkeeper']],
    ] as const) {
      uploads.post(path, { config: { guard }, schema: { response: { 200: keyReadingSchema } } }, async (request) => {
        await readingLimit(request);
        const { source, key } = await keyOf(await bufferedForm(request, PDF_MAX_BYTES));
        const { store } = await nfeReadingOf(db, key.cnpj, []);
        return {
          source,
          accessKey: key.key,
          storeCnpj: key.cnpj,
          store,
          model: key.model,
          series: withoutLeadingZeros(key.series),
          number: withoutLeadingZeros(key.number),
          year: key.year,
          month: key.month,
          state: key.state,
        };
      });
    }
  });
}
