import {
  approveManyBodySchema,
  approveManySchema,
  automaticReviewRunSchema,
  automaticReviewTodaySchema,
  changeInvoiceStatusBodySchema,
  conferenceQuerySchema,
  confirmConferenceBodySchema,
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
import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { invoices } from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import { readNfeOffThread } from '../../files/nfe';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import { parseBody } from '../../kernel/body';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { type Principal, principalOf } from '../../kernel/principal';
import { bufferedForm, contentTypes, type FileKind, withUploads } from '../../kernel/uploads';
import { storeOfShopkeeper } from '../stores';
import { automaticReviewToday, confirmConference, runAutomaticReview } from './automatic-review.service';
import { inputFromNfe } from './nfe.service';
import { invoiceById, invoiceFileOf, invoiceFilters, invoicesPage, sellerPointsOf } from './queries';
import { createInvoice, replaceInvoiceFile, updateInvoice, updateInvoiceProducts } from './service';
import { approveMany, decideInvoice, previewPoints } from './status.service';

const FILE_MAX_BYTES = 10 * 1024 * 1024;
const invoiceFiles = new Set<FileKind>(['pdf', 'png', 'jpg', 'webp', 'xml']);

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
          const kind = form.file?.kind ?? null;
          // An NF-e XML is the invoice itself: its fields fill the form's (see from-nfe.ts); a PDF or a photo
          // needs them typed.
          const document = form.file && kind === 'xml' ? await readNfeOffThread(form.file.data) : null;
          const input = document
            ? parseBody(
                invoiceInputSchema,
                inputFromNfe(parseBody(invoiceDocumentInputSchema, formFields(form.fields)), document),
              )
            : parseBody(invoiceInputSchema, formFields(form.fields));
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

  // An admin attaches another file to a pending invoice (multipart: id, file): an NF-e XML is read and its signature
  // checked as on arrival (an invalid one is refused with its reason and nothing changes), and the invoice takes its
  // fields; the automatic review decides it again.
  await withUploads(app, (uploads) => {
    uploads.post(
      '/cms/professionals/invoices/update-file',
      { config: admin, schema: { response: { 200: invoiceChangedSchema } } },
      async (request) => {
        const form = await bufferedForm(request, FILE_MAX_BYTES);
        const id = parseBody(idParamsSchema, { id: form.fields.id }).id;
        const kind = form.file?.kind ?? null;
        if (!form.file || !kind || !invoiceFiles.has(kind)) {
          throw fail.badRequest(invoiceMessages.file, 'invoice-file-type');
        }
        const document = kind === 'xml' ? await readNfeOffThread(form.file.data) : null;
        await replaceInvoiceFile(deps, principalOf(request), id, { data: form.file.data, kind }, document);
        return { msg: invoiceMessages.updated, item: await invoiceById(db, id) };
      },
    );
  });

  for (const [path, guard] of [
    ['/cms/professionals/invoices/get-all', ['admin']],
    ['/professionals/invoices/get-all', ['professional']],
    ['/shopkeeper/invoices/get-all', ['shopkeeper']],
  ] as const) {
    app.get(
      path,
      { config: { guard }, schema: { querystring: invoicesQuerySchema, response: { 200: invoicesPageSchema } } },
      async (request) => {
        const principal = principalOf(request);
        const where = and(scopeOf(principal), invoiceFilters(request.query, principal.role === 'admin', deps.now()));
        const page = await invoicesPage(db, where, request.query);
        if (principal.role === 'admin') return page;
        // A professional's pending invoice says what its approval would credit now, as the approval computes it.
        const pending = page.items.filter((item) => item.status === 'pending');
        const previews =
          principal.role === 'professional' && pending.length > 0
            ? await previewPoints(
                db,
                pending.map((item) => ({
                  id: item.id,
                  issuedOn: item.issuedOn,
                  storeId: item.store.id,
                  professionalId: item.professional.id,
                })),
              )
            : new Map<string, number>();
        // A seller's sale says what it gave them.
        const shares = principal.role === 'shopkeeper' ? await sellerPointsOf(db, page.items) : null;
        // Whether an automatic approval was sampled for a human is the admins' own business.
        return {
          ...page,
          items: page.items.map((item) => ({
            ...item,
            conference: null,
            ...(previews.has(item.id) ? { pointsPreview: fromHundredths(previews.get(item.id) ?? 0) } : {}),
            ...(shares ? { sellerPoints: shares.get(item.id) ?? 0 } : {}),
          })),
        };
      },
    );
  }

  // A store's manager sees the sales every seller of the store registered, each with what it gave its seller.
  app.get(
    '/shopkeeper/store-sales/get-all',
    {
      config: { guard: ['shopkeeper'] },
      schema: { querystring: invoicesQuerySchema, response: { 200: invoicesPageSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      // The type comes from the session's own row (the guard reads it), never from the client.
      if (principal.shopkeeperType !== 'manager') {
        throw fail.forbidden(invoiceMessages.storeSalesManagersOnly, 'managers-only');
      }
      const storeId = await storeOfShopkeeper(db, principal);
      const { storeId: _other, ...query } = request.query;
      const where = and(
        eq(invoices.storeId, storeId),
        isNotNull(invoices.shopkeeperId),
        invoiceFilters(query, false, deps.now()),
      );
      const page = await invoicesPage(db, where, query);
      const shares = await sellerPointsOf(db, page.items);
      return {
        ...page,
        items: page.items.map((item) => ({ ...item, conference: null, sellerPoints: shares.get(item.id) ?? 0 })),
      };
    },
  );

  for (const [path, guard] of [
    ['/cms/professionals/invoices/:id/file', ['admin']],
    ['/professionals/invoices/:id/file', ['professional']],
    ['/shopkeeper/invoices/:id/file', ['shopkeeper']],
  ] as const) {
    app.get(path, { config: { guard }, schema: { params: idParamsSchema } }, async (request, reply) => {
      const row = await invoiceFileOf(db, request.params.id, scopeOf(principalOf(request)));
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
      await decideInvoice(db, principalOf(request), id, status, reason, deps.now());
      const messages = {
        approved: 'Nota fiscal aprovada com sucesso!',
        rejected: 'Nota fiscal recusada.',
        cancelled: 'Nota fiscal cancelada e pontos estornados.',
      };
      return { msg: messages[status], item: await invoiceById(db, id) };
    },
  );

  // Several pending invoices at once (the queue's "Aprovar selecionadas"), each on its own; audited one by one and
  // as a batch.
  app.post(
    '/cms/professionals/invoices/approve-many',
    { config: admin, schema: { body: approveManyBodySchema, response: { 200: approveManySchema } } },
    async (request) => {
      const { approved, failed } = await approveMany(db, principalOf(request), request.body.ids, deps.now);
      const msg = approved === 1 ? '1 nota fiscal aprovada.' : `${approved} notas fiscais aprovadas.`;
      return { msg, approved, failed };
    },
  );

  app.post(
    '/cms/professionals/invoices/update',
    { config: admin, schema: { body: updateInvoiceBodySchema, response: { 200: invoiceChangedSchema } } },
    async (request) => {
      await updateInvoice(deps, principalOf(request), request.body);
      const { id } = request.body;
      return { msg: invoiceMessages.updated, item: await invoiceById(db, id) };
    },
  );

  app.post(
    '/cms/professionals/invoices/update-products',
    { config: admin, schema: { body: updateInvoiceProductsBodySchema, response: { 200: invoiceChangedSchema } } },
    async (request) => {
      const { id, lines } = request.body;
      await updateInvoiceProducts(db, principalOf(request), id, lines);
      return { msg: invoiceMessages.updated, item: await invoiceById(db, id) };
    },
  );

  // The automatic review's sampled approvals, for a human to look at after the fact (docs/invoice-trust.md): the
  // pending ones by default, oldest approval first. Confirming takes one off the list; disagreeing is cancelling the
  // invoice (change-status), which reverses its points and takes it off too.
  app.get(
    '/cms/professionals/invoices/conference/get-all',
    { config: admin, schema: { querystring: conferenceQuerySchema, response: { 200: invoicesPageSchema } } },
    (request) => {
      const { state, ...query } = request.query;
      const where = and(eq(invoices.conference, state), invoiceFilters(query, true, deps.now()));
      return invoicesPage(db, where, query, [asc(invoices.reviewedAt), asc(invoices.id)]);
    },
  );

  app.post(
    '/cms/professionals/invoices/conference/confirm',
    { config: admin, schema: { body: confirmConferenceBodySchema, response: { 200: invoiceChangedSchema } } },
    async (request) => {
      const { id } = request.body;
      await confirmConference(db, principalOf(request), id, deps.now());
      return { msg: 'Aprovação automática conferida.', item: await invoiceById(db, id) };
    },
  );

  app.get(
    '/cms/jobs/automatic-review/today',
    { config: admin, schema: { response: { 200: automaticReviewTodaySchema } } },
    () => automaticReviewToday(db, deps.now()),
  );

  // The job runs on its schedule (docs/jobs.md); an admin may run it now. It does nothing while the setting is off.
  app.post(
    '/cms/jobs/automatic-review',
    { config: admin, schema: { response: { 200: automaticReviewRunSchema } } },
    async (request) => {
      const run = await runAutomaticReview(db, deps.now());
      // Each decision is audited on its own; the run by hand once more, by whom.
      await audit(db, principalOf(request), { action: 'run-automatic-review', entity: 'invoice', after: run });
      const msg =
        run.decided === 0
          ? 'Nenhuma nota fiscal a decidir agora.'
          : `Análise automática concluída: ${run.approved} aprovadas, ${run.held} para a equipe.`;
      return { msg, ...run };
    },
  );
}
