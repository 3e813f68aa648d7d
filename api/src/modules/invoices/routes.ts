import {
  approveManyBodySchema,
  approveManySchema,
  changeInvoiceStatusBodySchema,
  idParamsSchema,
  invoiceChangedSchema,
  invoiceDocumentInputSchema,
  invoiceInputSchema,
  invoiceMessages,
  invoicesPageSchema,
  invoicesQuerySchema,
  updateInvoiceBodySchema,
  updateInvoiceProductsBodySchema,
} from '@especifica/mf-shared/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod/mini';
import { invoiceLines, invoices, stores } from '../../db/schema';
import { readNfeOffThread } from '../../files/nfe';
import { type App, RequestValidationError } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail, HttpError } from '../../kernel/errors';
import { bufferedForm, contentTypes, type FileKind, sniffFile, withUploads } from '../../kernel/uploads';
import { type Principal, principalOf } from '../../plugins/auth';
import { inputFromNfe } from './nfe.service';
import { invoiceById, invoiceFilters, invoicesPage } from './queries';
import {
  checkTypedKey,
  createInvoice,
  duplicateInvoice,
  invoiceNumber,
  invoiceSeries,
  lineRows,
  refuseFutureDate,
  resolveProfessional,
} from './service';
import { changeInvoiceStatus, refuseTransition } from './status.service';

const FILE_MAX_BYTES = 10 * 1024 * 1024;
const invoiceFiles = new Set<FileKind>(['pdf', 'png', 'jpg', 'webp', 'xml']);

function validated<T extends z.ZodMiniType>(schema: T, value: unknown): z.infer<T> {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) {
    throw new RequestValidationError(
      parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
    );
  }
  return parsed.data;
}

/** The create form's text fields (lines as JSON), without the empty ones. */
function formFields(fields: Record<string, string>): Record<string, unknown> {
  let lines: unknown = fields.lines;
  try {
    lines = fields.lines ? JSON.parse(fields.lines) : undefined;
  } catch {
    throw fail.badRequest(invoiceMessages.lines, 'validation');
  }
  const raw = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
  return { ...raw, lines };
}

export async function invoiceRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  /** Whose invoices a participant may see: a professional's own, or those a shopkeeper registered. */
  const scopeOf = (principal: Principal): SQL | undefined =>
    principal.role === 'professional'
      ? eq(invoices.professionalId, principal.id)
      : principal.role === 'shopkeeper'
        ? eq(invoices.shopkeeperId, principal.id)
        : undefined;

  await withUploads(app, (uploads) => {
    for (const [path, guard] of [
      ['/cms/professionals/invoices/create', ['admin']],
      ['/professionals/invoices/create', ['professional']],
      ['/shopkeeper/invoices/create', ['shopkeeper']],
    ] as const) {
      uploads.post(
        path,
        { config: { guard }, schema: { response: { 200: invoiceChangedSchema } } },
        async (request) => {
          const principal = principalOf(request);
          // Before the body is read: a flood of uploads costs nothing but the count.
          if (principal.role !== 'admin') {
            await deps.limiter.hit(request, 'invoiceAccount', `${principal.role}:${principal.id}`);
            await deps.limiter.hit(request, 'invoiceIp', request.ip);
          }
          const form = await bufferedForm(request, FILE_MAX_BYTES);
          const kind = form.file ? sniffFile(form.file.data) : null;
          // An NF-e XML is the invoice itself: its fields fill the form's (see from-nfe.ts); a PDF or a photo
          // needs them typed.
          const document = form.file && kind === 'xml' ? await readNfeOffThread(form.file.data) : null;
          const input = document
            ? validated(
                invoiceInputSchema,
                inputFromNfe(validated(invoiceDocumentInputSchema, formFields(form.fields)), document),
              )
            : validated(invoiceInputSchema, formFields(form.fields));
          if (form.file && (!kind || !invoiceFiles.has(kind)))
            throw fail.invalid(invoiceMessages.file, 'invoice-file-type');
          // Participants prove the purchase with the document; an admin may register one without it.
          if (!form.file && principal.role !== 'admin')
            throw fail.badRequest(invoiceMessages.file, 'invoice-file-required');
          const file = form.file && kind ? { data: form.file.data, kind } : null;
          const id = await createInvoice(deps, principal, input, file, document);
          return { msg: invoiceMessages.created, item: await invoiceById(db, id) };
        },
      );
    }
  });

  for (const [path, guard] of [
    ['/cms/professionals/invoices/get-all', ['admin']],
    ['/professionals/invoices/get-all', ['professional']],
    ['/shopkeeper/invoices/get-all', ['shopkeeper']],
  ] as const) {
    app.get(
      path,
      { config: { guard }, schema: { querystring: invoicesQuerySchema, response: { 200: invoicesPageSchema } } },
      (request) => {
        const principal = principalOf(request);
        const where = and(scopeOf(principal), invoiceFilters(request.query, principal.role === 'admin'));
        return invoicesPage(db, where, request.query);
      },
    );
  }

  for (const [path, guard] of [
    ['/cms/professionals/invoices/:id/file', ['admin']],
    ['/professionals/invoices/:id/file', ['professional']],
    ['/shopkeeper/invoices/:id/file', ['shopkeeper']],
  ] as const) {
    app.get(path, { config: { guard }, schema: { params: idParamsSchema } }, async (request, reply) => {
      const [row] = await db
        .select({ fileKey: invoices.fileKey })
        .from(invoices)
        .where(and(eq(invoices.id, request.params.id), scopeOf(principalOf(request))));
      if (!row) throw fail.notFound(invoiceMessages.notFound);
      const data = row.fileKey ? await deps.storage.get(row.fileKey) : null;
      if (!row.fileKey || !data) throw fail.notFound('Esta nota fiscal não tem arquivo.');
      const kind = row.fileKey.split('.').pop() as FileKind;
      return reply
        .type(contentTypes[kind] ?? 'application/octet-stream')
        .header('content-disposition', `attachment; filename="nota-fiscal.${kind}"`)
        .header('x-content-type-options', 'nosniff')
        .send(data);
    });
  }

  app.post(
    '/cms/professionals/invoices/change-status',
    { config: admin, schema: { body: changeInvoiceStatusBodySchema, response: { 200: invoiceChangedSchema } } },
    async (request) => {
      const { id, status, reason } = request.body;
      await db.transaction((tx) => changeInvoiceStatus(tx, principalOf(request), id, status, reason, deps.now()));
      const messages = {
        approved: 'Nota fiscal aprovada com sucesso!',
        rejected: 'Nota fiscal recusada.',
        cancelled: 'Nota fiscal cancelada e pontos estornados.',
      };
      return { msg: messages[status], item: await invoiceById(db, id) };
    },
  );

  // Several pending invoices at once (the queue's "Aprovar selecionadas"): each through the same status change, in
  // its own transaction, so one refused (already decided, unknown) leaves the others approved. Each approval is
  // audited by the status change.
  app.post(
    '/cms/professionals/invoices/approve-many',
    { config: admin, schema: { body: approveManyBodySchema, response: { 200: approveManySchema } } },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      const principal = principalOf(request);
      const numbers = new Map(
        (
          await db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(inArray(invoices.id, ids))
        ).map((row) => [row.id, row.number]),
      );
      let approved = 0;
      const failed: { id: string; number: string | null; msg: string }[] = [];
      for (const id of ids) {
        try {
          await db.transaction((tx) => changeInvoiceStatus(tx, principal, id, 'approved', undefined, deps.now()));
          approved += 1;
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          failed.push({ id, number: numbers.get(id) ?? null, msg: error.body.msg });
        }
      }
      const msg = approved === 1 ? '1 nota fiscal aprovada.' : `${approved} notas fiscais aprovadas.`;
      return { msg, approved, failed };
    },
  );

  app.post(
    '/cms/professionals/invoices/update',
    { config: admin, schema: { body: updateInvoiceBodySchema, response: { 200: invoiceChangedSchema } } },
    async (request) => {
      const { id, ...changes } = request.body;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
        if (!before) throw fail.notFound(invoiceMessages.notFound);
        if (before.status !== 'pending')
          throw fail.conflict('Só uma nota fiscal pendente pode ser alterada.', 'invoice-status');
        const issuedOn = changes.issuedOn ?? before.issuedOn;
        refuseFutureDate(issuedOn, deps.now());
        const accessKey = changes.accessKey ?? before.accessKey;
        if (accessKey && (changes.accessKey || changes.number || changes.series || changes.storeId)) {
          const [store] = await tx
            .select({ cnpj: stores.cnpj })
            .from(stores)
            .where(eq(stores.id, changes.storeId ?? before.storeId));
          if (!store) throw fail.invalid('Loja não encontrada.', 'store-not-found');
          checkTypedKey(accessKey, {
            storeCnpj: store.cnpj,
            number: changes.number ?? before.number,
            series: changes.series ?? before.series,
          });
        }
        const owner = await resolveProfessional(tx, principalOf(request), {
          professionalId: changes.professionalId ?? before.professionalId,
          customerCpf: changes.customerCpf ?? before.customerCpf ?? undefined,
          issuedOn,
        });
        const [after] = await tx
          .update(invoices)
          .set({
            ...changes,
            ...(changes.number ? { number: invoiceNumber(changes.number) } : {}),
            ...(changes.series ? { series: invoiceSeries(changes.series) } : {}),
            ...owner,
            updatedAt: new Date(),
          })
          .where(eq(invoices.id, id))
          .returning()
          .catch(duplicateInvoice);
        await audit(tx, principalOf(request), { action: 'update', entity: 'invoice', entityId: id, before, after });
      });
      return { msg: invoiceMessages.updated, item: await invoiceById(db, id) };
    },
  );

  app.post(
    '/cms/professionals/invoices/update-products',
    { config: admin, schema: { body: updateInvoiceProductsBodySchema, response: { 200: invoiceChangedSchema } } },
    async (request) => {
      const { id, lines } = request.body;
      await db.transaction(async (tx) => {
        const rows = lineRows(id, lines);
        const [updated] = await tx
          .update(invoices)
          .set({ total: rows.reduce((sum, row) => sum + row.total, 0), updatedAt: new Date() })
          .where(and(eq(invoices.id, id), eq(invoices.status, 'pending')))
          .returning({ id: invoices.id });
        if (!updated) await refuseTransition(tx, id);
        const before = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id));
        await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
        await tx.insert(invoiceLines).values(rows);
        await audit(tx, principalOf(request), {
          action: 'update-products',
          entity: 'invoice',
          entityId: id,
          before,
          after: rows,
        });
      });
      return { msg: invoiceMessages.updated, item: await invoiceById(db, id) };
    },
  );
}
