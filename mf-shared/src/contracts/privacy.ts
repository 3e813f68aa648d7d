import { z } from 'zod/mini';
import { pageOf, pageQuerySchema } from './common';
import { dateSchema, idSchema } from './fields';

// The LGPD (Lei 13.709/2018) for a participant: what the programme holds about them and why, and their consents as
// records (domain.md, "Privacy"). docs/privacy.md.

/** The version of the privacy policy (/politica-de-privacidade.pdf) that a sign-up accepts today. */
export const PRIVACY_POLICY_VERSION = 1;

/** What a consent is given to: the regulation and the privacy policy (by version), and marketing by channel. */
export const consentPurposes = ['regulation', 'privacy-policy', 'marketing-email', 'marketing-whatsapp'] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];
export const marketingPurposes = ['marketing-email', 'marketing-whatsapp'] as const;
export type MarketingPurpose = (typeof marketingPurposes)[number];

/** Where the person gave or withdrew it. `migration`: read from an account made before consents were records. */
export const consentChannels = ['sign-up', 'terms-prompt', 'privacy-page', 'profile', 'migration'] as const;
export type ConsentChannel = (typeof consentChannels)[number];

export const consentPurposeLabels: Record<ConsentPurpose, string> = {
  regulation: 'Regulamento do programa',
  'privacy-policy': 'Política de privacidade',
  'marketing-email': 'Comunicações por e-mail',
  'marketing-whatsapp': 'Mensagens por WhatsApp',
};
export const consentChannelLabels: Record<ConsentChannel, string> = {
  'sign-up': 'Cadastro',
  'terms-prompt': 'Aceite no acesso',
  'privacy-page': 'Privacidade e dados',
  profile: 'Perfil',
  migration: 'Cadastro anterior',
};

/** The legal bases of art. 7 the programme stands on, as domain.md names them per item. */
export const legalBases = ['contract', 'legal-obligation', 'legitimate-interest', 'consent'] as const;
export type LegalBasis = (typeof legalBases)[number];
export const legalBasisLabels: Record<LegalBasis, string> = {
  contract: 'Execução do contrato (regulamento)',
  'legal-obligation': 'Obrigação legal',
  'legitimate-interest': 'Legítimo interesse',
  consent: 'Consentimento',
};

export const consentRecordSchema = z.object({
  id: z.string(),
  purpose: z.enum(consentPurposes),
  /** The version of the text: the regulation's or the policy's; null for marketing. */
  version: z.nullable(z.number()),
  given: z.boolean(),
  channel: z.enum(consentChannels),
  at: z.string(),
  /** A keyed hash of the IP it came from (never the IP); null for one read from an older account. */
  ipHash: z.nullable(z.string()),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

export const marketingConsentSchema = z.object({
  purpose: z.enum(marketingPurposes),
  given: z.boolean(),
  /** When the current choice was made; null when never asked. */
  at: z.nullable(z.string()),
});
export type MarketingConsent = z.infer<typeof marketingConsentSchema>;

/** One thing the programme holds about the person: what, how much of it, why, and on which legal basis. */
export const heldItemSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** What of it the programme has now, in pt-BR ("12 notas fiscais", "Não informado"). */
  detail: z.string(),
  purpose: z.string(),
  basis: z.enum(legalBases),
});
export type HeldItem = z.infer<typeof heldItemSchema>;

/** A holder's request (LGPD art. 18): the deletion of their account, answered within 15 days (docs/privacy.md). */
export const DATA_REQUEST_DAYS = 15;
export const dataRequestStates = ['received', 'in-progress', 'done', 'refused'] as const;
export type DataRequestState = (typeof dataRequestStates)[number];

export const dataRequestMessages = {
  password: 'Digite sua senha para confirmar.',
  wrongPassword: 'Senha incorreta. Digite a senha com que você entra no programa.',
  open: 'Você já tem um pedido de exclusão em andamento.',
  received: 'Pedido de exclusão recebido. Responderemos até {{date}}.',
  reason: 'Escreva o motivo da recusa (de 10 a 500 caracteres).',
  notOpen: 'Este pedido já foi respondido.',
  notFound: 'Pedido não encontrado.',
  started: 'Exclusão iniciada: os dados do titular serão anonimizados em instantes.',
  refused: 'Pedido recusado. O titular foi avisado do motivo.',
} as const;

export const requestDeletionBodySchema = z.object({
  password: z.string(dataRequestMessages.password).check(z.minLength(1, dataRequestMessages.password)),
});

/** The holder's view of their own request. */
export const ownDataRequestSchema = z.object({
  id: z.string(),
  state: z.enum(dataRequestStates),
  createdAt: z.string(),
  deadline: z.string(),
  refusalReason: z.nullable(z.string()),
});
export type OwnDataRequest = z.infer<typeof ownDataRequestSchema>;

export const privacyDataSchema = z.object({
  items: z.array(heldItemSchema),
  /** The person's deletion requests, newest first. */
  requests: z.array(ownDataRequestSchema),
  /** Every acceptance of the regulation and of the privacy policy, newest first. */
  acceptances: z.array(consentRecordSchema),
  marketing: z.array(marketingConsentSchema),
});
export type PrivacyData = z.infer<typeof privacyDataSchema>;

export const privacyMessages = {
  purpose: 'Escolha um consentimento de comunicação válido.',
  given: 'Informe se o consentimento é dado ou retirado.',
  consentGiven: 'Consentimento registrado.',
  consentWithdrawn: 'Consentimento retirado.',
} as const;

export const updateConsentBodySchema = z.object({
  purpose: z.enum(marketingPurposes, privacyMessages.purpose),
  given: z.boolean(privacyMessages.given),
});
export type UpdateConsentBody = z.infer<typeof updateConsentBodySchema>;

/** The admin's reading of one person's consent records (Programa > Profissionais, the person's page). */
export const consentRecordsQuerySchema = z.extend(pageQuerySchema, {
  professionalId: z.optional(idSchema),
  shopkeeperId: z.optional(idSchema),
});
export type ConsentRecordsQuery = z.infer<typeof consentRecordsQuerySchema>;
export const consentRecordsPageSchema = pageOf(consentRecordSchema);

/** What the objection page shows a customer who opens the link of their notice (no session: the link is the key). */
export const customerNoticeSchema = z.object({
  customerName: z.string(),
  professionalName: z.string(),
  registeredAt: z.string(),
  /** When they objected; null while the registration stands. */
  objectedAt: z.nullable(z.string()),
});
export type CustomerNotice = z.infer<typeof customerNoticeSchema>;

export const customerNoticeMessages = {
  invalidLink: 'Este link de oposição é inválido ou expirou. Fale com o programa pelo Fale conosco.',
  reason: 'Escreva o motivo em até 500 caracteres.',
  objected: 'Pronto: seu cadastro foi encerrado e nenhuma compra será atribuída a esse profissional.',
  customerObjected: 'Este cliente se opôs ao cadastro e não pode ser renovado.',
} as const;

export const customerNoticeQuerySchema = z.object({ token: z.string().check(z.minLength(1)) });
export const customerObjectionBodySchema = z.object({
  token: z.string(customerNoticeMessages.invalidLink).check(z.minLength(1, customerNoticeMessages.invalidLink)),
  /** Optional; only admins read it (the professional sees that the customer objected, not why). */
  reason: z.optional(z.string(customerNoticeMessages.reason).check(z.maxLength(500, customerNoticeMessages.reason))),
});
export type CustomerObjectionBody = z.infer<typeof customerObjectionBodySchema>;

/** The admins' queue (Programa > Solicitações de titulares). */
export const dataRequestSchema = z.extend(ownDataRequestSchema, {
  subjectKind: z.enum(['professional', 'shopkeeper']),
  subjectId: z.string(),
  /** The holder's name, "Titular removido" once done. */
  name: z.string(),
  email: z.nullable(z.string()),
  handledBy: z.nullable(z.string()),
  handledAt: z.nullable(z.string()),
  /** Past its deadline and not answered yet. */
  late: z.boolean(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;
export const dataRequestsPageSchema = pageOf(dataRequestSchema);
export const dataRequestsQuerySchema = z.extend(pageQuerySchema, {
  state: z.optional(z.enum(dataRequestStates, 'Escolha uma situação válida.')),
});
export type DataRequestsQuery = z.infer<typeof dataRequestsQuerySchema>;
export const refuseDataRequestBodySchema = z.object({
  id: idSchema,
  reason: z
    .string(dataRequestMessages.reason)
    .check(z.trim(), z.minLength(10, dataRequestMessages.reason), z.maxLength(500, dataRequestMessages.reason)),
});
export const completeDataRequestBodySchema = z.object({ id: idSchema });

/**
 * A statement of benefits (issue 38): every benefit received in a period (points credited, seats in experiences),
 * to hand to a client or to a professional council. Days in Brasília time, both included.
 */
export const statementMessages = {
  from: 'Informe a data inicial.',
  to: 'Informe a data final.',
  order: 'A data inicial deve ser anterior ou igual à final.',
  long: 'Escolha um período de até 5 anos.',
} as const;
export const statementQuerySchema = z
  .object({
    from: dateSchema(statementMessages.from),
    to: dateSchema(statementMessages.to),
    format: z._default(z.enum(['pdf', 'csv'], 'Escolha o formato: pdf ou csv.'), 'pdf'),
    professionalId: z.optional(idSchema),
  })
  .check(
    z.refine((query) => query.from <= query.to, { message: statementMessages.order, path: ['to'] }),
    z.refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 5 * 366 * 86_400_000, {
      message: statementMessages.long,
      path: ['from'],
    }),
  );
export type StatementQuery = z.infer<typeof statementQuerySchema>;
/** What the statement's form holds (the format may be left to its default). */
export type StatementForm = z.input<typeof statementQuerySchema>;
