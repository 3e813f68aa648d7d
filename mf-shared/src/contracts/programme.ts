import { z } from 'zod/mini';
import { pageOf, pageQuerySchema, sortQuery } from './common';
import { amountSchema, dateSchema, fieldMessages, idSchema, nameSchema } from './fields';

// Programme settings and levels (domain: points, levels). Admins edit both; every change is audited.

export const levelSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Points earned in the cycle that reach the level. */
  points: z.number(),
  sublevels: z.number(),
  benefits: z.string(),
});
export type Level = z.infer<typeof levelSchema>;
export const levelsSchema = z.object({ items: z.array(levelSchema) });

export const levelMessages = {
  sublevels: 'Os subníveis vão de 1 a 10.',
  list: 'Informe de 1 a 20 níveis.',
  firstAtZero: 'O primeiro nível começa em 0 pontos.',
  distinct: 'Cada nível precisa de um nome e de uma pontuação diferentes.',
} as const;

const levelInputSchema = z.object({
  id: z.optional(idSchema),
  name: nameSchema(fieldMessages.name, 60),
  points: amountSchema(),
  sublevels: z.number(levelMessages.sublevels).check(z.int(levelMessages.sublevels), z.minimum(1), z.maximum(10)),
  benefits: z._default(z.string().check(z.trim(), z.maxLength(2000, fieldMessages.text)), ''),
});

/** The whole ordered list; a level left out is removed (its experiences keep no minimum level). */
export const updateLevelsBodySchema = z.object({
  levels: z.array(levelInputSchema).check(
    z.minLength(1, levelMessages.list),
    z.maxLength(20, levelMessages.list),
    z.refine((levels) => levels.some((level) => level.points === 0), levelMessages.firstAtZero),
    z.refine(
      (levels) =>
        new Set(levels.map((l) => l.name.toLowerCase())).size === levels.length &&
        new Set(levels.map((l) => l.points)).size === levels.length,
      levelMessages.distinct,
    ),
  ),
});
export type UpdateLevelsBody = z.infer<typeof updateLevelsBodySchema>;

export const settingsMessages = {
  rate: 'Digite quantos pontos vale cada R$ 1,00.',
  share: 'A participação do lojista vai de 0 a 100%.',
  expiry: 'A validade dos pontos vai de 1 a 120 meses.',
  window: 'A validade do cadastro de cliente vai de 1 a 3650 dias.',
  reviewDeadline: 'O prazo de análise das notas fiscais vai de 1 a 90 dias.',
  autoReview: 'Escolha se a análise automática fica ligada ou desligada.',
  holdHours: 'A espera após a emissão vai de 0 a 720 horas.',
  maxTotal: 'Digite o valor máximo aprovado sem análise da equipe, de R$ 0,00 a R$ 1.000.000,00.',
  maxAgeDays: 'A data de emissão mais antiga aceita vai de 1 a 365 dias.',
  samplePercent: 'A parte das aprovações automáticas enviada à conferência vai de 0 a 100%.',
  invoicesPerDay: 'O limite de notas fiscais por profissional em 24 horas vai de 1 a 1000.',
  riskTotal: 'Digite o valor acima do qual a nota fiscal é sinalizada, de R$ 0,00 a R$ 100.000.000,00.',
  retention: 'O prazo de inatividade vai de 1 a 20 anos.',
} as const;

const wholeNumber = (message: string, min: number, max: number) =>
  z.number(message).check(z.int(message), z.minimum(min, message), z.maximum(max, message));

export const settingsSchema = z.object({
  pointsPerReal: amountSchema(settingsMessages.rate, 1000),
  /** Percent of an invoice's base points that the shopkeeper who registered it earns. */
  shopkeeperSharePercent: amountSchema(settingsMessages.share, 100),
  expiryMonths: z.number(settingsMessages.expiry).check(z.int(settingsMessages.expiry), z.minimum(1), z.maximum(120)),
  customerWindowDays: z
    .number(settingsMessages.window)
    .check(z.int(settingsMessages.window), z.minimum(1), z.maximum(3650)),
  /** Days from sending within which an invoice should be reviewed (default 5); left out, it stays as it is. */
  reviewDeadlineDays: z.optional(
    z
      .number(settingsMessages.reviewDeadline)
      .check(z.int(settingsMessages.reviewDeadline), z.minimum(1), z.maximum(90)),
  ),
  // The automatic review (docs/invoice-trust.md); each left out stays as it is, as the form of today sends none.
  /** On or off (off in a new programme). */
  automaticReview: z.optional(z.boolean(settingsMessages.autoReview)),
  /** Hours after the date of issue before an invoice is decided (default 24). */
  automaticReviewHoldHours: z.optional(wholeNumber(settingsMessages.holdHours, 0, 720)),
  /** The largest total, in reais, approved with no human (default R$ 5.000,00). */
  automaticReviewMaxTotal: z.optional(amountSchema(settingsMessages.maxTotal, 1_000_000)),
  /** The oldest date of issue approved, in days before today (default 90). */
  automaticReviewMaxAgeDays: z.optional(wholeNumber(settingsMessages.maxAgeDays, 1, 365)),
  /** The percent of automatic approvals sampled into the conferência list (default 5). */
  automaticReviewSamplePercent: z.optional(amountSchema(settingsMessages.samplePercent, 100)),
  /** Risk flags: more invoices than this from one professional in 24 hours (default 10). */
  riskInvoicesPerDay: z.optional(wholeNumber(settingsMessages.invoicesPerDay, 1, 1000)),
  /** Risk flags: a total above this, in reais (default R$ 50.000,00). */
  riskTotalAbove: z.optional(amountSchema(settingsMessages.riskTotal, 100_000_000)),
  /** Years without a sign-in after which an account is anonymised (default 5; docs/privacy.md). */
  retentionYears: z.optional(wholeNumber(settingsMessages.retention, 1, 20)),
});
export type Settings = z.infer<typeof settingsSchema>;

/** GET /professionals/dashboard/get-level: the level, its sublevel and what the next one needs. */
export const participantStandingSchema = z.object({
  level: z.nullable(z.string()),
  sublevel: z.number(),
  earnedInCycle: z.number(),
  balance: z.number(),
  nextLevel: z.nullable(z.string()),
  pointsToNextLevel: z.nullable(z.number()),
  /** Whole percent of the way to the next level, as the dashboard's level shows it (participantLevelSchema). */
  progress: z.optional(z.number()),
  cycleYear: z.number(),
  benefits: z.string(),
  levels: z.array(levelSchema),
});
export type ParticipantStanding = z.infer<typeof participantStandingSchema>;

export const auditRecordSchema = z.object({
  id: z.string(),
  actorName: z.string(),
  actorKind: z.nullable(z.string()),
  action: z.string(),
  entity: z.string(),
  entityId: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});

export const auditQuerySchema = z.extend(pageQuerySchema, {
  sort: sortQuery(['createdAt', 'entity', 'action']),
  entity: z.optional(z.string().check(z.maxLength(60))),
  entityId: z.optional(z.string().check(z.maxLength(80))),
  /** Who: part of the name of the person who made the change. */
  search: z.optional(z.string().check(z.trim(), z.maxLength(120, 'A busca é longa demais.'))),
  /** The period, days in Brasília time, both included. */
  from: z.optional(dateSchema()),
  to: z.optional(dateSchema()),
  /** Set to download every matching record instead of a page. */
  format: z.optional(z.enum(['csv', 'xlsx'], 'Escolha o formato: csv ou xlsx.')),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export type AuditRecord = z.infer<typeof auditRecordSchema>;
export const auditPageSchema = pageOf(auditRecordSchema);

export const expiryRunSchema = z.object({
  msg: z.string(),
  participants: z.number(),
  expired: z.number(),
  warned: z.number(),
});

// Regulation versions (domain: people and accounts, terms): an admin writes the next version, sees what changes
// against the current one, and publishes it; participants accept it at their next login.
export const regulationMessages = {
  title: 'Digite o título do regulamento (até 160 caracteres).',
  content: 'Digite o texto do regulamento (de 20 a 100.000 caracteres).',
  unchanged: 'O texto é igual ao da versão atual: altere algo antes de publicar.',
  published: 'Regulamento publicado com sucesso!',
} as const;

export const regulationDraftSchema = z.object({
  title: z
    .string(regulationMessages.title)
    .check(z.trim(), z.minLength(1, regulationMessages.title), z.maxLength(160, regulationMessages.title)),
  content: z
    .string(regulationMessages.content)
    .check(z.trim(), z.minLength(20, regulationMessages.content), z.maxLength(100_000, regulationMessages.content)),
});
export type RegulationDraft = z.infer<typeof regulationDraftSchema>;

/** Paragraphs added, removed or changed between two versions (changed: the old text and the new). */
export const regulationChangesSchema = z.array(
  z.object({
    kind: z.enum(['added', 'removed', 'changed']),
    before: z.nullable(z.string()),
    after: z.nullable(z.string()),
  }),
);

export const regulationVersionSchema = z.object({
  version: z.number(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
});
export type RegulationVersion = z.infer<typeof regulationVersionSchema>;
export const regulationVersionsSchema = z.object({ items: z.array(regulationVersionSchema) });

/** What a draft changes against the current version, paragraph by paragraph (as participants will see it). */
export const regulationPreviewSchema = z.object({
  current: z.nullable(z.object({ version: z.number(), publishedAt: z.string() })),
  nextVersion: z.number(),
  changes: regulationChangesSchema,
});
export type RegulationPreview = z.infer<typeof regulationPreviewSchema>;
