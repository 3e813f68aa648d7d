import { z } from 'zod/mini';
import { pageOf, pageQuerySchema, sortQuery } from './common';
import {
  dateSchema,
  dateTimeSchema,
  fieldMessages,
  idSchema,
  listQuerySchema,
  nameSchema,
  optionalTextSchema,
  positiveAmountSchema,
} from './fields';

// Extra points campaigns (spec 7.7, 7.10): flat bonuses given by admins to professionals or stores, or taken by the
// participant through the campaign's QR code, once per person per campaign, within its period.

export const audienceSchema = z.enum(['professional', 'shopkeeper'], 'Selecione profissionais ou lojistas.');
export type CampaignAudience = z.infer<typeof audienceSchema>;

export const extraPointMessages = {
  name: 'Digite o nome da campanha.',
  notFound: 'Campanha de pontos extras não encontrada.',
  ids: 'Selecione de 1 a 200.000 profissionais.',
  created: 'Criado com sucesso!',
  updated: 'Atualizado com sucesso!',
  outOfPeriod: 'Esta campanha não está ativa no período de hoje.',
  alreadyTaken: 'Você já participou desta campanha.',
  badCode: 'QR code inválido para esta campanha.',
  documents: 'Cole de 1 a 200.000 CPFs ou CNPJs.',
} as const;

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  points: z.number(),
  audience: audienceSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  active: z.boolean(),
  granted: z.number(),
  /** The secret the campaign's QR code carries besides the id (admins only). */
  qrCode: z.string(),
  createdAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignsPageSchema = pageOf(campaignSchema);

const periodInOrder = (value: { startsAt?: string; endsAt?: string }) =>
  !value.startsAt || !value.endsAt || new Date(value.endsAt) > new Date(value.startsAt);

export const createCampaignBodySchema = z
  .object({
    name: nameSchema(extraPointMessages.name, 120),
    description: z._default(z.string().check(z.trim(), z.maxLength(2000, fieldMessages.text)), ''),
    points: positiveAmountSchema(),
    audience: audienceSchema,
    startsAt: dateTimeSchema(),
    endsAt: dateTimeSchema(),
    active: z._default(z.boolean(fieldMessages.active), true),
  })
  .check(z.refine(periodInOrder, { message: fieldMessages.period, path: ['endsAt'] }));

export const updateCampaignBodySchema = z
  .object({
    id: idSchema,
    name: z.optional(nameSchema(extraPointMessages.name, 120)),
    description: optionalTextSchema(),
    points: z.optional(positiveAmountSchema()),
    startsAt: z.optional(dateTimeSchema()),
    endsAt: z.optional(dateTimeSchema()),
    active: z.optional(z.boolean(fieldMessages.active)),
  })
  .check(z.refine(periodInOrder, { message: fieldMessages.period, path: ['endsAt'] }));

export const campaignsQuerySchema = z.extend(listQuerySchema, {
  audience: z.optional(audienceSchema),
  sort: sortQuery(['name', 'startsAt', 'endsAt', 'points', 'createdAt']),
});

export const grantSchema = z.object({
  id: z.string(),
  campaign: z.object({ id: z.string(), name: z.string() }),
  participant: z.object({ kind: audienceSchema, id: z.string(), name: z.string(), email: z.string() }),
  store: z.nullable(z.object({ id: z.string(), name: z.string() })),
  points: z.number(),
  status: z.enum(['granted', 'removed']),
  via: z.enum(['admin', 'store', 'qrcode']),
  reason: z.nullable(z.string()),
  createdAt: z.string(),
  removedAt: z.nullable(z.string()),
});
export type Grant = z.infer<typeof grantSchema>;
export const grantsPageSchema = pageOf(grantSchema);

/** The history pages: type says whose grants (professionals' or shopkeepers'). */
export const grantSorts = ['name', 'points', 'createdAt'] as const;
export const extractGrantsQuerySchema = z
  .extend(listQuerySchema, {
    sort: sortQuery(grantSorts),
    type: z.optional(audienceSchema),
    campaignId: z.optional(idSchema),
    status: z.optional(z.enum(['granted', 'removed'], 'Escolha concedidos ou removidos.')),
    /** The period of the movement, as dates (YYYY-MM-DD, inclusive, in America/Sao_Paulo). */
    from: z.optional(dateSchema()),
    to: z.optional(dateSchema()),
    /** Present: the whole filtered history as a file instead of a page. */
    format: z.optional(z.enum(['csv', 'xlsx'], 'Escolha o formato: csv ou xlsx.')),
  })
  .check(
    z.refine((value) => !value.from || !value.to || value.to >= value.from, {
      message: fieldMessages.period,
      path: ['to'],
    }),
  );
export type ExtractGrantsQuery = z.infer<typeof extractGrantsQuerySchema>;
/** The stores or the professionals of one campaign: each list sorts by its own fields. */
export const campaignStoresQuerySchema = z.extend(pageQuerySchema, { sort: sortQuery(['name', 'createdAt']) });
export const campaignMembersQuerySchema = z.extend(pageQuerySchema, { sort: sortQuery(grantSorts) });

/** A grant's reason, or its removal (a removed grant is final: once per person per campaign). */
export const updateGrantBodySchema = z.object({
  id: idSchema,
  active: z.optional(z.literal(false, 'Uma concessão removida não volta: a campanha vale uma vez por pessoa.')),
  reason: optionalTextSchema(500),
});

export const addToProfessionalsBodySchema = z.object({
  idExtraPoint: idSchema,
  idProfessionals: z
    .array(idSchema)
    .check(z.minLength(1, extraPointMessages.ids), z.maxLength(200_000, extraPointMessages.ids)),
});
/**
 * A pasted list of documents: CPFs give a professionals' campaign to those professionals, CNPJs give a shopkeepers'
 * campaign to those stores. Masks, spaces and line breaks are the caller's to split; each entry is stripped here.
 */
export const addByDocumentsBodySchema = z.object({
  idExtraPoint: idSchema,
  documents: z
    .array(z.string().check(z.trim(), z.maxLength(20, extraPointMessages.documents)))
    .check(z.minLength(1, extraPointMessages.documents), z.maxLength(200_000, extraPointMessages.documents)),
});
/** How a pasted list went: who got it now, who had it already, and each entry that named nobody. */
export const documentsAnswerSchema = z.object({
  msg: z.string(),
  added: z.number(),
  skipped: z.number(),
  unknown: z.array(z.string()),
});
export type DocumentsAnswer = z.infer<typeof documentsAnswerSchema>;

export const removeFromProfessionalBodySchema = z.object({ idExtraPoint: idSchema, idProfessional: idSchema });
export const storeGrantBodySchema = z.object({ idExtraPoint: idSchema, idStore: idSchema });

export const grantCountSchema = z.object({ msg: z.string(), added: z.number(), skipped: z.number() });
export const removedCountSchema = z.object({ msg: z.string(), removed: z.number() });

export const campaignStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  cnpj: z.string(),
  status: z.enum(['granted', 'removed']),
  shopkeepers: z.number(),
  createdAt: z.string(),
});
export const campaignStoresPageSchema = pageOf(campaignStoreSchema);

/** What a participant sees of a campaign (the QR code page). */
export const participantCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  points: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Within its period and active: it can still be taken. */
  open: z.boolean(),
  subscribed: z.boolean(),
});
/** A campaign the participant can still take now (the dashboard): never its QR code's secret. */
export const openCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  points: z.number(),
  endsAt: z.string(),
});
export type OpenCampaign = z.infer<typeof openCampaignSchema>;
/** The first open campaigns, those ending soonest first, and how many there are. */
export const openCampaignsSchema = z.object({ items: z.array(openCampaignSchema), total: z.number() });
export type OpenCampaigns = z.infer<typeof openCampaignsSchema>;

/** Taking a campaign: its id and the secret of its QR code. */
export const takeCampaignBodySchema = z.object({
  id: idSchema,
  code: z
    .string(extraPointMessages.badCode)
    .check(z.minLength(1, extraPointMessages.badCode), z.maxLength(64, extraPointMessages.badCode)),
});
export const subscribedAnswerSchema = z.object({ msg: z.string(), points: z.number() });
