import { randomUUID } from 'node:crypto';
import {
  type InvoiceInput,
  type InvoiceLineInput,
  type InvoiceRiskFlag,
  invoiceMessages,
  parseAccessKey,
  type updateInvoiceBodySchema,
} from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, gt, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client';
import {
  adminUsers,
  customers,
  customerWindows,
  invoiceLines,
  invoices,
  professionals,
  stores,
  storeUsers,
} from '../../db/schema';
import { toHundredths } from '../../domain/points';
import type { NfeDocument } from '../../files/nfe';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail, isUniqueViolation, violatedConstraint } from '../../kernel/errors';
import { notify } from '../../kernel/notifications';
import type { Principal } from '../../kernel/principal';
import { type ProgrammeSettings, settingsOf } from '../../kernel/settings';
import type { FileKind } from '../../kernel/uploads';
import { issuerOf } from '../ledger';
import { documentMismatch } from './nfe.service';
import { refuseTransition } from './status.service';

type UpdateInvoiceBody = z.infer<typeof updateInvoiceBodySchema>;

const SAO_PAULO_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
const DUPLICATE_KEY = 'Esta nota fiscal já foi enviada (mesma chave de acesso).';

export function duplicateInvoice(error: unknown): never {
  if (isUniqueViolation(error)) {
    const constraint = violatedConstraint(error) ?? '';
    throw fail.conflict(
      constraint.includes('access_key') ? DUPLICATE_KEY : invoiceMessages.duplicate,
      'invoice-duplicate',
    );
  }
  throw error;
}

/**
 * An invoice with an access key is identified by it, one without by its store, series and number (domain: invoices).
 * Asked before the insert so that the invoice another account already holds is flagged (the attempt itself saves
 * nothing); the unique indexes still decide a race.
 */
async function refuseKnownInvoice(
  db: Db,
  invoice: { accessKey: string | undefined; storeId: string; number: string; series: string },
  professionalId: string,
) {
  if (invoice.accessKey) {
    const [known] = await db
      .select({ id: invoices.id, professionalId: invoices.professionalId })
      .from(invoices)
      .where(and(eq(invoices.accessKey, invoice.accessKey), ne(invoices.status, 'rejected')))
      .limit(1);
    if (known) {
      if (known.professionalId !== professionalId) await flagInvoice(db, known.id, 'duplicate-attempt');
      throw fail.conflict(DUPLICATE_KEY, 'invoice-duplicate');
    }
  }
  const [same] = await db
    .select({ id: invoices.id, professionalId: invoices.professionalId })
    .from(invoices)
    .where(
      and(
        eq(invoices.storeId, invoice.storeId),
        eq(invoices.number, invoice.number),
        eq(invoices.series, invoice.series),
        ne(invoices.status, 'rejected'),
      ),
    )
    .limit(1);
  if (!same) return;
  // The same store, series and number without the key (a PDF, a typed invoice): flagged the same way.
  if (same.professionalId !== professionalId) await flagInvoice(db, same.id, 'duplicate-attempt');
  throw fail.conflict(invoiceMessages.duplicate, 'invoice-duplicate');
}

/** Adds a risk flag to an invoice, once. */
async function flagInvoice(db: Db, id: string, flag: InvoiceRiskFlag) {
  await db
    .update(invoices)
    .set({ riskFlags: sql`array_append(${invoices.riskFlags}, ${flag}::text)` })
    .where(and(eq(invoices.id, id), sql`not (${flag}::text = any(${invoices.riskFlags}))`));
}

/** A store's 99th percentile means something only over this many of its invoices. */
const PERCENTILE_SAMPLE = 30;

/**
 * The risk flags of an invoice arriving (domain.md, "Invoice trust"), from what is already in the database: the same
 * key or store + series + number tried by another account; the buyer's CPF a shopkeeper of the store; more invoices
 * from the professional in 24 hours than the setting (default 10); a total above the store's 99th percentile, or
 * above the setting.
 */
async function riskFlagsOf(
  db: Db,
  invoice: {
    professionalId: string;
    storeId: string;
    accessKey: string | null;
    number: string;
    series: string;
    customerCpf: string | null;
    total: number;
    now: Date;
    /** An invoice already saved (an admin's edit): left out of its own counts, and `now` is when it arrived. */
    id?: string;
  },
  thresholds: Pick<ProgrammeSettings, 'riskInvoicesPerDay' | 'riskTotalAbove'>,
): Promise<InvoiceRiskFlag[]> {
  const others = invoice.id ? ne(invoices.id, invoice.id) : undefined;
  const sameInvoice = or(
    invoice.accessKey ? eq(invoices.accessKey, invoice.accessKey) : undefined,
    and(
      eq(invoices.storeId, invoice.storeId),
      eq(invoices.number, invoice.number),
      eq(invoices.series, invoice.series),
    ),
  );
  const since = new Date(invoice.now.getTime() - 24 * 3600 * 1000);
  // The store's usual: its latest invoices (on invoices_store_idx), so that the cost stays flat as it grows.
  const recent = db
    .select({ total: invoices.total })
    .from(invoices)
    .where(and(eq(invoices.storeId, invoice.storeId), others))
    .orderBy(desc(invoices.createdAt))
    .limit(1000)
    .as('recent');
  // One after the other: they run in the invoice's transaction, on its one connection.
  const duplicate = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(sameInvoice, ne(invoices.professionalId, invoice.professionalId), others))
    .limit(1);
  const selfDealing = invoice.customerCpf
    ? await db
        .select({ id: storeUsers.id })
        .from(storeUsers)
        .where(and(eq(storeUsers.storeId, invoice.storeId), eq(storeUsers.cpf, invoice.customerCpf)))
        .limit(1)
    : [];
  const lastDay = await db
    .select({ total: count() })
    .from(invoices)
    .where(
      and(
        eq(invoices.professionalId, invoice.professionalId),
        gt(invoices.createdAt, since),
        // The 24 hours before it arrived, not those of the edit.
        invoice.id ? lte(invoices.createdAt, invoice.now) : undefined,
        others,
      ),
    );
  const usual = await db
    .select({
      sample: count(),
      p99: sql<string | null>`percentile_cont(0.99) within group (order by ${recent.total})`,
    })
    .from(recent);
  const flags: InvoiceRiskFlag[] = [];
  if (duplicate.length > 0) flags.push('duplicate-attempt');
  if (selfDealing.length > 0) flags.push('self-dealing');
  if ((lastDay[0]?.total ?? 0) >= thresholds.riskInvoicesPerDay) flags.push('many-in-24h');
  const store = usual[0];
  if (store?.p99 != null && store.sample >= PERCENTILE_SAMPLE && invoice.total > Number(store.p99)) {
    flags.push('above-usual');
  }
  if (invoice.total > thresholds.riskTotalAbove) flags.push('above-limit');
  return flags;
}

/**
 * How an invoice's number and series are kept, so that "001" and "1" name the same invoice (domain: invoices): leading
 * zeros and letter case do not count. The unique index on store, number and series then refuses it twice.
 */
export const invoiceNumber = (number: string) => number.trim().replace(/^0+(?=.)/, '');
export const invoiceSeries = (series: string) =>
  series
    .trim()
    .toUpperCase()
    .replace(/^0+(?=.)/, '');

const typedKeyMessages = {
  store: 'A chave de acesso é de uma nota fiscal de outra loja: confira a chave ou a loja.',
  number: 'A chave de acesso não é desta nota fiscal: o número ou a série digitados não conferem com ela.',
  month: (monthYear: string) =>
    `A chave de acesso é de uma nota emitida em ${monthYear}: a data de emissão digitada não confere com ela.`,
} as const;

/**
 * A typed access key must be one the SEFAZ could have issued for this very invoice (check digit, the store's CNPJ,
 * series and number in their places: cUF 2, AAMM 4, CNPJ 14, model 2, series 3, number 9, ...), so that a typed key
 * can never claim, and later block, another store's or another invoice's NF-e.
 */
export function checkTypedKey(
  key: string,
  invoice: { storeCnpj: string; number: string; series: string; issuedOn?: string },
) {
  // The contracts already refuse a key that breaks a rule of its own (access-key.ts); kept here for any other caller.
  const parsed = parseAccessKey(key);
  if (!parsed.ok) throw fail.field('accessKey', parsed.message, 400, `access-key-${parsed.reason}`);
  if (key.slice(6, 20) !== invoice.storeCnpj)
    throw fail.field('accessKey', typedKeyMessages.store, 400, 'access-key-store');
  if (
    invoiceSeries(key.slice(22, 25)) !== invoiceSeries(invoice.series) ||
    invoiceNumber(key.slice(25, 34)) !== invoiceNumber(invoice.number)
  ) {
    throw fail.field('accessKey', typedKeyMessages.number, 400, 'access-key-invoice');
  }
  // AAMM: the year and month of issue (domain.md: its CNPJ, series, number and month against the invoice's).
  if (invoice.issuedOn && invoice.issuedOn.slice(2, 7).replace('-', '') !== key.slice(2, 6)) {
    const monthYear = `${key.slice(4, 6)}/20${key.slice(2, 4)}`;
    throw fail.field('accessKey', typedKeyMessages.month(monthYear), 400, 'access-key-month');
  }
}

export function lineRows(invoiceId: string, lines: readonly InvoiceLineInput[]) {
  return lines.map((line, position) => ({
    invoiceId,
    position,
    sku: line.sku.toUpperCase(),
    description: line.description,
    quantity: String(line.quantity),
    total: toHundredths(line.total),
  }));
}

async function resolveStore(db: Db, principal: Principal, input: Partial<InvoiceInput>, document: NfeDocument | null) {
  // An NF-e names its store by the emitter's CNPJ; a typed store must be that one (see from-nfe.ts).
  let where = document
    ? eq(stores.cnpj, document.storeCnpj)
    : input.storeId
      ? eq(stores.id, input.storeId)
      : input.storeCnpj
        ? eq(stores.cnpj, input.storeCnpj)
        : null;
  if (principal.role === 'shopkeeper') {
    // A shopkeeper registers the sales of their own store, whatever the form says.
    where = sql`${stores.id} = (select ${storeUsers.storeId} from ${storeUsers} where ${storeUsers.id} = ${principal.id})`;
  }
  if (!where) throw fail.invalid(invoiceMessages.store, 'invoice-store-required');
  const [store] = await db.select().from(stores).where(where);
  if (!store) throw fail.invalid('Loja não encontrada: confira o CNPJ da nota fiscal.', 'store-not-found');
  if (document && principal.role === 'shopkeeper' && store.cnpj !== document.storeCnpj) {
    throw fail.invalid(
      'Esta NF-e foi emitida por outra loja: o CNPJ do emitente não é o da sua loja.',
      'nfe-other-store',
    );
  }
  if (document && principal.role !== 'shopkeeper' && input.storeId && input.storeId !== store.id) {
    throw documentMismatch(['storeId']);
  }
  if (!store.active) throw fail.invalid(`A loja ${store.name} não participa mais do programa.`, 'store-inactive');
  return store;
}

/**
 * Who the invoice belongs to: the customer's registration decides when the buyer's CPF is inside a professional's
 * window (domain: customers); otherwise the professional named (the uploader themselves, for a professional).
 */
export async function resolveProfessional(
  db: Db,
  principal: Principal,
  input: Pick<Partial<InvoiceInput>, 'professionalId' | 'professionalCpf' | 'professionalEmail' | 'customerCpf'> & {
    issuedOn: string;
  },
): Promise<{ professionalId: string; customerId: string | null }> {
  let named: string | null = principal.role === 'professional' ? principal.id : null;
  if (!named && (input.professionalId || input.professionalCpf || input.professionalEmail)) {
    const where = input.professionalId
      ? eq(professionals.id, input.professionalId)
      : input.professionalCpf
        ? eq(professionals.cpf, input.professionalCpf)
        : eq(professionals.email, input.professionalEmail ?? '');
    const [found] = await db.select({ id: professionals.id }).from(professionals).where(where);
    if (!found) throw fail.invalid('Profissional não encontrado: confira o CPF ou o e-mail.', 'professional-not-found');
    named = found.id;
  }
  if (input.customerCpf) {
    // Inside one of the customer's windows, by the São Paulo date; not in the gap before a late renewal.
    const [registration] = await db
      .select({ id: customers.id, professionalId: customers.professionalId })
      .from(customers)
      .innerJoin(customerWindows, eq(customerWindows.customerId, customers.id))
      .where(
        and(
          eq(customers.cpf, input.customerCpf),
          eq(customers.active, true),
          // A customer who objected attributes nothing from that moment (docs/privacy.md).
          isNull(customers.objectedAt),
          lte(sql`(${customerWindows.startsAt} at time zone 'UTC' - interval '3 hours')::date`, input.issuedOn),
          gte(sql`(${customerWindows.endsAt} at time zone 'UTC' - interval '3 hours')::date`, input.issuedOn),
        ),
      )
      .orderBy(desc(customerWindows.endsAt))
      .limit(1);
    if (registration) {
      if (named && named !== registration.professionalId) {
        throw fail.conflict(invoiceMessages.customerOfAnother, 'customer-of-another-professional');
      }
      return { professionalId: registration.professionalId, customerId: registration.id };
    }
  }
  if (!named) throw fail.invalid(invoiceMessages.professional, 'invoice-professional-required');
  return { professionalId: named, customerId: null };
}

export function refuseFutureDate(issuedOn: string, now: Date) {
  if (issuedOn > SAO_PAULO_DATE.format(now)) {
    throw fail.invalid(invoiceMessages.futureDate, 'invoice-future-date');
  }
}

/** What an NF-e's signature said, kept with the invoice (an invalid one never gets this far: it was refused). */
function signatureColumns(document: NfeDocument | null) {
  if (!document) return {};
  const { signature } = document;
  return signature.status === 'verified'
    ? { signature: signature.status, signerName: signature.signerName, signerCnpj: signature.signerCnpj }
    : { signature: signature.status };
}

/**
 * After an admin's edit of a pending invoice (its fields, its products or its file): its risk flags are computed
 * again from what it now says, as on its arrival (the 24 hours before it arrived), and its automatic review's
 * decision is cleared, so that the job decides it again as it now stands. A duplicate-attempt flag stays while the
 * invoice keeps the key, store, series and number that another account tried to send (that attempt saved nothing
 * to count again).
 */
async function reopenForReview(tx: Db, before: typeof invoices.$inferSelect) {
  const [now] = await tx.select().from(invoices).where(eq(invoices.id, before.id));
  if (!now) throw fail.notFound(invoiceMessages.notFound);
  const flags = await riskFlagsOf(
    tx,
    {
      id: now.id,
      professionalId: now.professionalId,
      storeId: now.storeId,
      accessKey: now.accessKey,
      number: now.number,
      series: now.series,
      customerCpf: now.customerCpf,
      total: now.total,
      now: now.createdAt,
    },
    await settingsOf(tx),
  );
  const sameIdentity =
    now.accessKey === before.accessKey &&
    now.storeId === before.storeId &&
    now.number === before.number &&
    now.series === before.series;
  if (sameIdentity && before.riskFlags.includes('duplicate-attempt') && !flags.includes('duplicate-attempt')) {
    flags.unshift('duplicate-attempt');
  }
  await tx
    .update(invoices)
    .set({ riskFlags: flags, autoReviewedAt: null, autoReviewRule: null })
    .where(eq(invoices.id, now.id));
}

export async function createInvoice(
  deps: ProgrammeDeps,
  principal: Principal,
  input: InvoiceInput,
  file: { data: Buffer; kind: FileKind } | null,
  /** The NF-e that `file` is, when it is one (its fields are already in `input`). */
  document: NfeDocument | null = null,
): Promise<string> {
  refuseFutureDate(input.issuedOn, deps.now());
  const store = await resolveStore(deps.db, principal, input, document);
  const owner = await resolveProfessional(deps.db, principal, input);
  // An NF-e's own key was checked against its document when it was read.
  if (input.accessKey && !document) checkTypedKey(input.accessKey, { ...input, storeCnpj: store.cnpj });
  await refuseKnownInvoice(
    deps.db,
    {
      accessKey: input.accessKey,
      storeId: store.id,
      number: invoiceNumber(input.number),
      series: invoiceSeries(input.series),
    },
    owner.professionalId,
  );
  const id = randomUUID();
  const fileKey = file ? `invoices/${id}.${file.kind}` : null;
  if (file && fileKey) await deps.storage.put(fileKey, file.data);
  try {
    await deps.db.transaction(async (tx) => {
      const lines = lineRows(id, input.lines);
      const total = lines.reduce((sum, line) => sum + line.total, 0);
      const riskFlags = await riskFlagsOf(
        tx,
        {
          professionalId: owner.professionalId,
          storeId: store.id,
          accessKey: input.accessKey ?? null,
          number: invoiceNumber(input.number),
          series: invoiceSeries(input.series),
          customerCpf: input.customerCpf ?? null,
          total,
          now: deps.now(),
        },
        await settingsOf(tx),
      );
      await tx
        .insert(invoices)
        .values({
          id,
          professionalId: owner.professionalId,
          customerId: owner.customerId,
          storeId: store.id,
          shopkeeperId: principal.role === 'shopkeeper' ? principal.id : null,
          number: invoiceNumber(input.number),
          series: invoiceSeries(input.series),
          accessKey: input.accessKey ?? null,
          issuedOn: input.issuedOn,
          total,
          customerCpf: input.customerCpf ?? null,
          customerName: input.customerName || null,
          fileKey,
          submittedBy: issuerOf(principal),
          ...signatureColumns(document),
          issuedAt: document ? new Date(document.issuedAt) : null,
          riskFlags,
          // Rules per profession: the professional declares, as they send it, that the buyer was told.
          disclosedAt: principal.role === 'professional' && input.clientTold ? deps.now() : null,
        })
        .catch(duplicateInvoice);
      await tx.insert(invoiceLines).values(lines);
      if (principal.role === 'admin') {
        await audit(tx, principal, { action: 'create', entity: 'invoice', entityId: id, after: { ...input, fileKey } });
      } else {
        const admins = await tx.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.active, true));
        await notify(
          tx,
          admins.map((admin) => ({ kind: 'admin' as const, id: admin.id })),
          {
            type: 'invoice-submitted',
            title: 'Nova nota fiscal para análise',
            message: `Nota fiscal ${input.number} da loja ${store.name} aguarda aprovação.`,
            data: { invoiceId: id },
          },
        );
      }
    });
  } catch (error) {
    // A failed write leaves no file behind.
    if (fileKey) await deps.storage.delete(fileKey).catch(() => undefined);
    throw error;
  }
  return id;
}

/** An admin's edit of a pending invoice's fields (the typed key checked again when what it names changes). */
export async function updateInvoice(
  deps: Pick<ProgrammeDeps, 'db' | 'now'>,
  principal: Principal,
  { id, ...changes }: UpdateInvoiceBody,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (!before) throw fail.notFound(invoiceMessages.notFound);
    if (before.status !== 'pending')
      throw fail.conflict('Só uma nota fiscal pendente pode ser alterada.', 'invoice-status');
    const issuedOn = changes.issuedOn ?? before.issuedOn;
    refuseFutureDate(issuedOn, deps.now());
    const accessKey = changes.accessKey ?? before.accessKey;
    if (accessKey && (changes.accessKey || changes.number || changes.series || changes.storeId || changes.issuedOn)) {
      const [store] = await tx
        .select({ cnpj: stores.cnpj })
        .from(stores)
        .where(eq(stores.id, changes.storeId ?? before.storeId));
      if (!store) throw fail.invalid('Loja não encontrada.', 'store-not-found');
      checkTypedKey(accessKey, {
        storeCnpj: store.cnpj,
        number: changes.number ?? before.number,
        series: changes.series ?? before.series,
        issuedOn,
      });
    }
    const owner = await resolveProfessional(tx, principal, {
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
    await reopenForReview(tx, before);
    await audit(tx, principal, { action: 'update', entity: 'invoice', entityId: id, before, after });
  });
}

/** Replaces a pending invoice's products (and so its total). */
export async function updateInvoiceProducts(
  db: Db,
  principal: Principal,
  id: string,
  lines: readonly InvoiceLineInput[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = lineRows(id, lines);
    const [current] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    const [updated] = await tx
      .update(invoices)
      .set({ total: rows.reduce((sum, row) => sum + row.total, 0), updatedAt: new Date() })
      .where(and(eq(invoices.id, id), eq(invoices.status, 'pending')))
      .returning({ id: invoices.id });
    if (!updated || !current) return refuseTransition(tx, id);
    await reopenForReview(tx, current);
    const before = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id));
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
    await tx.insert(invoiceLines).values(rows);
    await audit(tx, principal, { action: 'update-products', entity: 'invoice', entityId: id, before, after: rows });
  });
}

/**
 * An admin attaches another file to a pending invoice. An NF-e XML is the invoice itself, as on its arrival: it was
 * read and its signature checked (an invalid one was refused before this, with its reason, and nothing changes); its
 * store, number, series, date, key, buyer and products replace the invoice's, and what its signature said is kept.
 * A PDF or a picture proves nothing by itself: it replaces the file, and the invoice no longer has a signature. Either
 * way the automatic review decides the invoice again (reopenForReview). The file it replaces is deleted once the
 * change is saved.
 */
export async function replaceInvoiceFile(
  deps: Pick<ProgrammeDeps, 'db' | 'now' | 'storage'>,
  principal: Principal,
  id: string,
  file: { data: Buffer; kind: FileKind },
  document: NfeDocument | null,
): Promise<void> {
  const fileKey = `invoices/${id}-${randomUUID().slice(0, 8)}.${file.kind}`;
  await deps.storage.put(fileKey, file.data);
  let replaced: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
      if (!before) throw fail.notFound(invoiceMessages.notFound);
      if (before.status !== 'pending') {
        throw fail.conflict('Só uma nota fiscal pendente pode ser alterada.', 'invoice-status');
      }
      let changes: Partial<typeof invoices.$inferInsert> = {
        signature: null,
        signerName: null,
        signerCnpj: null,
        signatureReason: null,
        issuedAt: null,
      };
      if (document) {
        refuseFutureDate(document.issuedOn, deps.now());
        const store = await resolveStore(tx, principal, {}, document);
        const owner = await resolveProfessional(tx, principal, {
          professionalId: before.professionalId,
          customerCpf: document.customer?.cpf ?? before.customerCpf ?? undefined,
          issuedOn: document.issuedOn,
        });
        const lines = lineRows(id, document.lines);
        changes = {
          ...changes,
          ...signatureColumns(document),
          ...owner,
          storeId: store.id,
          number: invoiceNumber(document.number),
          series: invoiceSeries(document.series),
          accessKey: document.accessKey,
          issuedOn: document.issuedOn,
          issuedAt: new Date(document.issuedAt),
          customerCpf: document.customer?.cpf ?? before.customerCpf,
          customerName: document.customer ? (document.customer.name ?? before.customerName) : before.customerName,
          total: lines.reduce((sum, line) => sum + line.total, 0),
        };
        await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
        await tx.insert(invoiceLines).values(lines);
      }
      const [after] = await tx
        .update(invoices)
        .set({ ...changes, fileKey, updatedAt: new Date() })
        .where(eq(invoices.id, id))
        .returning()
        .catch(duplicateInvoice);
      await reopenForReview(tx, before);
      await audit(tx, principal, { action: 'update-file', entity: 'invoice', entityId: id, before, after });
      replaced = before.fileKey;
    });
  } catch (error) {
    await deps.storage.delete(fileKey).catch(() => undefined);
    throw error;
  }
  if (replaced) await deps.storage.delete(replaced).catch(() => undefined);
}
