import { z } from 'zod/mini';
import { normalizeAccessKey, parseAccessKey } from './access-key';
import { cnpjSchema, cpfSchema, emailSchema } from './accounts';
import { invoiceAutomaticReviewSchema, invoiceConferenceSchema } from './automatic-review';
import { pageOf, sortQuery } from './common';
import { amountSchema, dateSchema, fieldMessages, idSchema, listQuerySchema, nameSchema } from './fields';

// Invoices (specifications): pending -> approved | rejected, approved -> cancelled (spec 7.9, 7.11; domain: points).

export const invoiceStatuses = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export const invoiceStatusSchema = z.enum(invoiceStatuses, 'Selecione uma situação válida.');
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const invoiceMessages = {
  number: 'Digite o número da nota fiscal.',
  series: 'Digite a série da nota fiscal (até 5 caracteres).',
  accessKey: 'A chave de acesso tem 44 caracteres: números, e letras só no CNPJ do emitente.',
  store: 'Informe a loja da nota fiscal.',
  lines: 'Informe de 1 a 500 produtos da nota fiscal.',
  sku: 'Digite o código (SKU) do produto.',
  product:
    'Busque o produto no catálogo pelo nome, pela marca ou pelo SKU e escolha-o na lista: só os produtos do catálogo dão pontos.',
  quantity: 'Digite uma quantidade válida.',
  file: 'Envie a nota fiscal (PDF, imagem JPG, PNG ou WebP, ou o XML da NF-e) de até 10 MB.',
  duplicate: 'Esta nota fiscal já foi enviada (mesma loja, número e série).',
  notFound: 'Nota fiscal não encontrada.',
  professional: 'Informe o profissional da nota fiscal.',
  customerOfAnother: 'O cliente desta nota está cadastrado por outro profissional.',
  reason: 'Informe o motivo da recusa.',
  futureDate: 'A data de emissão não pode estar no futuro.',
  created: 'Nota fiscal enviada com sucesso!',
  updated: 'Atualizado com sucesso!',
  storeSalesManagersOnly: 'Só o gerente da loja vê as vendas da loja.',
} as const;

export const invoiceLineInputSchema = z.object({
  sku: nameSchema(invoiceMessages.sku, 60),
  description: z._default(z.string().check(z.trim(), z.maxLength(200, fieldMessages.text)), ''),
  quantity: z.number(invoiceMessages.quantity).check(z.refine((v) => v > 0 && v < 1e9, invoiceMessages.quantity)),
  /** The line's total in reais. */
  total: amountSchema(fieldMessages.money, 100_000_000),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;
const linesSchema = z
  .array(invoiceLineInputSchema, invoiceMessages.lines)
  .check(z.minLength(1, invoiceMessages.lines), z.maxLength(500, invoiceMessages.lines));

const invoiceFields = {
  number: z.string(invoiceMessages.number).check(z.trim(), z.regex(/^\d{1,20}$/, invoiceMessages.number)),
  series: z.string(invoiceMessages.series).check(z.trim(), z.regex(/^[0-9A-Za-z]{1,5}$/, invoiceMessages.series)),
  issuedOn: dateSchema('Digite a data de emissão da nota fiscal.'),
  accessKey: z.optional(
    z.string().check(
      // Spaces, dots and dashes of a copied key go; letters of the CNPJ are upper-cased. Then every rule of the key
      // (access-key.ts), each failure with its own message.
      z.overwrite(normalizeAccessKey),
      z.superRefine((key, ctx) => {
        const parsed = parseAccessKey(key);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message, input: key });
      }),
    ),
  ),
  customerCpf: z.optional(cpfSchema),
  customerName: z.optional(z.string().check(z.trim(), z.maxLength(160, fieldMessages.name))),
};

/**
 * The fields of the create form, sent as multipart next to the file; `lines` travels as a JSON text there, and is
 * parsed before this schema runs. The store is an id or a CNPJ; the professional an id, a CPF or an e-mail (the
 * professional's own upload names nobody), or none when the customer's CPF attributes the invoice.
 */
export const invoiceInputSchema = z.object({
  ...invoiceFields,
  storeId: z.optional(idSchema),
  storeCnpj: z.optional(cnpjSchema),
  professionalId: z.optional(idSchema),
  professionalCpf: z.optional(cpfSchema),
  professionalEmail: z.optional(emailSchema),
  lines: linesSchema,
  /**
   * The professional's declaration that the buyer was told of their part in the programme (rules per profession,
   * client disclosure); ignored from anyone else. Multipart sends it as "true".
   */
  clientTold: z.optional(z.union([z.boolean(), z.stringbool()])),
});
export type InvoiceInput = z.infer<typeof invoiceInputSchema>;

/**
 * The create form next to an NF-e XML (layout 4.00): the document fills the store, number, series, date, access key,
 * products and (when the buyer has a CPF) the customer, so every field may be left out; one that is typed must agree
 * with the document (the API answers 400 `nfe-mismatch` naming the fields that do not).
 */
export const invoiceDocumentInputSchema = z.partial(invoiceInputSchema);
export type InvoiceDocumentInput = z.infer<typeof invoiceDocumentInputSchema>;

export const updateInvoiceBodySchema = z.object({
  id: idSchema,
  number: z.optional(invoiceFields.number),
  series: z.optional(invoiceFields.series),
  issuedOn: z.optional(invoiceFields.issuedOn),
  accessKey: invoiceFields.accessKey,
  customerCpf: invoiceFields.customerCpf,
  customerName: invoiceFields.customerName,
  storeId: z.optional(idSchema),
  professionalId: z.optional(idSchema),
});
export const updateInvoiceProductsBodySchema = z.object({ id: idSchema, lines: linesSchema });

export const changeInvoiceStatusBodySchema = z
  .object({
    id: idSchema,
    status: z.enum(['approved', 'rejected', 'cancelled'], 'Selecione aprovar, recusar ou cancelar.'),
    reason: z.optional(z.string().check(z.trim(), z.maxLength(500, fieldMessages.text))),
  })
  .check(
    z.refine((body) => body.status !== 'rejected' || Boolean(body.reason), {
      message: invoiceMessages.reason,
      path: ['reason'],
    }),
  );

const party = z.object({ id: z.string(), name: z.string() });

/** What an NF-e XML's signature said when it arrived (domain.md, "Invoice trust"). */
export const invoiceSignatureStatuses = ['verified', 'unsigned', 'invalid'] as const;
export const invoiceSignatureSchema = z.object({
  status: z.enum(invoiceSignatureStatuses),
  /** verified: the name and CNPJ of the certificate that signed it. */
  signerName: z.nullable(z.string()),
  signerCnpj: z.nullable(z.string()),
  /** invalid: why, in pt-BR. */
  reason: z.nullable(z.string()),
});
export type InvoiceSignature = z.infer<typeof invoiceSignatureSchema>;

/**
 * The risk flags computed when an invoice arrives (domain.md, "Invoice trust"): never a block for a human approval.
 * duplicate-attempt: the same key, or store + series + number, tried by another account; self-dealing: the buyer's CPF
 * is a shopkeeper of the emitting store; many-in-24h: more invoices from the professional in 24 hours than the limit;
 * above-usual: a total above the store's 99th percentile; above-limit: a total above the programme's setting.
 */
export const invoiceRiskFlags = [
  'duplicate-attempt',
  'self-dealing',
  'many-in-24h',
  'above-usual',
  'above-limit',
] as const;
export const invoiceRiskFlagSchema = z.enum(invoiceRiskFlags, 'Selecione um sinal de risco válido.');
export type InvoiceRiskFlag = z.infer<typeof invoiceRiskFlagSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  series: z.string(),
  accessKey: z.nullable(z.string()),
  issuedOn: z.string(),
  total: z.number(),
  status: invoiceStatusSchema,
  reason: z.nullable(z.string()),
  points: z.number(),
  bonusPoints: z.number(),
  store: z.object({ id: z.string(), name: z.string(), cnpj: z.string() }),
  professional: party,
  shopkeeper: z.nullable(party),
  customer: z.nullable(z.object({ cpf: z.string(), name: z.nullable(z.string()), registered: z.boolean() })),
  hasFile: z.boolean(),
  /** The NF-e XML's signature; null when the invoice came without an XML. Always sent by the API. */
  signature: z.optional(z.nullable(invoiceSignatureSchema)),
  /** The risk flags it carries (empty: none). Always sent by the API. */
  riskFlags: z.optional(z.array(invoiceRiskFlagSchema)),
  /** What the automatic review decided (null: not decided by it). Always sent by the API. */
  automaticReview: z.optional(z.nullable(invoiceAutomaticReviewSchema)),
  /** A sampled automatic approval's conferência: pending, confirmed or cancelled (null: not sampled). Always sent. */
  conference: z.optional(z.nullable(invoiceConferenceSchema)),
  submittedBy: z.enum(['admin', 'professional', 'shopkeeper']),
  /**
   * A pending invoice's review deadline: the instant it was sent plus the days of the setting `reviewDeadlineDays`
   * (null once decided). Always sent by the API.
   */
  reviewDeadline: z.optional(z.nullable(z.string())),
  reviewedAt: z.nullable(z.string()),
  /**
   * Rules per profession: a pending invoice that counts only once its professional declares the buyer was told.
   * Always sent by the API.
   */
  awaitingDisclosure: z.optional(z.boolean()),
  /** A professional's pending invoice: what approving it now would credit them (base and bonus), as approval does. */
  pointsPreview: z.optional(z.number()),
  /** A shopkeeper's sale: the points it gave the seller who registered it (0 until approved). Sent to shopkeepers. */
  sellerPoints: z.optional(z.number()),
  createdAt: z.string(),
  lines: z.array(
    z.object({
      sku: z.string(),
      description: z.string(),
      quantity: z.number(),
      total: z.number(),
      participating: z.boolean(),
    }),
  ),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoicesPageSchema = pageOf(invoiceSchema);

export const invoicesQuerySchema = z.extend(listQuerySchema, {
  /**
   * risk: by the number of risk flags (-risk: the most flagged first); queue: the pending invoices first, the oldest
   * sent first, then the others, the newest sent first (the review queue's order). Without it, the newest sent first.
   */
  sort: sortQuery(['issuedOn', 'createdAt', 'number', 'total', 'points', 'status', 'risk', 'queue']),
  status: z.optional(invoiceStatusSchema),
  /** Only the invoices that carry this risk flag. */
  flag: z.optional(invoiceRiskFlagSchema),
  /** true: only the pending invoices sent longer ago than the review deadline (Programa > Configurações). */
  pastDeadline: z.optional(z.enum(['true'], 'Use pastDeadline=true.')),
  storeId: z.optional(idSchema),
  professionalId: z.optional(idSchema),
  /** shopkeeper: the invoices that shopkeepers registered (the CMS shops menu). */
  submittedBy: z.optional(z.enum(['admin', 'professional', 'shopkeeper'])),
  from: z.optional(dateSchema()),
  to: z.optional(dateSchema()),
  /** The days the invoice was sent (the professional's upload, a São Paulo day), as against `from`/`to` of its issue. */
  submittedFrom: z.optional(dateSchema()),
  submittedTo: z.optional(dateSchema()),
});
export type InvoicesQuery = z.infer<typeof invoicesQuerySchema>;

/** The conferência list (admins): the sampled automatic approvals still to confirm (pending, the default) or done. */
export const conferenceQuerySchema = z.extend(listQuerySchema, {
  sort: sortQuery(['issuedOn', 'createdAt', 'number', 'total', 'points', 'status', 'risk']),
  state: z._default(invoiceConferenceSchema, 'pending'),
});
export type ConferenceQuery = z.infer<typeof conferenceQuerySchema>;

export const invoiceChangedSchema = z.object({ msg: z.string(), item: invoiceSchema });

/** Approve several pending invoices at once (the review queue's "Aprovar selecionadas"): at most a page of them. */
export const approveManyBodySchema = z.object({
  ids: z
    .array(idSchema)
    .check(z.minLength(1, 'Selecione as notas fiscais.'), z.maxLength(100, 'Selecione até 100 notas fiscais.')),
});
export type ApproveManyBody = z.infer<typeof approveManyBodySchema>;

/** How many were approved, and each that was not with the reason. */
export const approveManySchema = z.object({
  msg: z.string(),
  approved: z.number(),
  failed: z.array(z.object({ id: z.string(), number: z.nullable(z.string()), msg: z.string() })),
});
export type ApproveManyResult = z.infer<typeof approveManySchema>;
