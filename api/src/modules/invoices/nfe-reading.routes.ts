import { invoiceMessages, nfeReadingSchema } from '@especifica/mf-shared/contracts';
import { fromHundredths } from '../../domain/points';
import { NFE_MAX_BYTES, readNfeOffThread } from '../../files/nfe';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { bufferedForm, withUploads } from '../../kernel/uploads';
import { nfeReadingOf } from './queries';

// Reads an NF-e XML without registering anything (screens.md /invoices): the form shows the store, number, series,
// date, access key, customer and products the document holds, and the person confirms before sending it.
export async function nfeReadingRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  await withUploads(app, (uploads) => {
    for (const [path, guard] of [
      ['/professionals/invoices/read-nfe', ['professional']],
      ['/shopkeeper/invoices/read-nfe', ['shopkeeper']],
    ] as const) {
      uploads.post(path, { config: { guard }, schema: { response: { 200: nfeReadingSchema } } }, async (request) => {
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
  });
}
