import { z } from 'zod/mini';
import { pageOf, pageQuerySchema, sortQuery } from './common';
import { audienceSchema } from './extra-points';
import {
  amountSchema,
  dateTimeSchema,
  fieldMessages,
  idSchema,
  listQuerySchema,
  nameSchema,
  optionalTextSchema,
} from './fields';

// Experiences and their categories (spec 7.6, 7.10; domain: experiences).

export const experienceMessages = {
  categoryName: 'Digite o nome da categoria.',
  categoryNotFound: 'Categoria de experiência não encontrada.',
  name: 'Digite o nome da experiência.',
  seats: 'Digite quantas vagas a experiência tem (de 0 a 100.000).',
  image: 'Envie uma imagem JPG, PNG ou WebP de até 5 MB.',
  notFound: 'Experiência não encontrada.',
  created: 'Experiência cadastrada com sucesso!',
  updated: 'Experiência atualizada com sucesso!',
  soldOut: 'Não há mais vagas nesta experiência.',
  alreadySubscribed: 'Você já está inscrito nesta experiência.',
  level: 'Seu nível ainda não dá acesso a esta experiência.',
  past: 'Esta experiência já aconteceu.',
  subscribed: 'Inscrição realizada com sucesso!',
  cancelled: 'Inscrição cancelada e pontos devolvidos.',
} as const;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: audienceSchema,
  active: z.boolean(),
  experiences: z.number(),
  createdAt: z.string(),
});
export type ExperienceCategory = z.infer<typeof categorySchema>;
export const categoriesPageSchema = pageOf(categorySchema);
export const createCategoryBodySchema = z.object({
  name: nameSchema(experienceMessages.categoryName, 120),
  type: audienceSchema,
});
export const updateCategoryBodySchema = z.object({
  id: idSchema,
  name: z.optional(nameSchema(experienceMessages.categoryName, 120)),
  type: z.optional(audienceSchema),
});
export const categorySorts = ['name', 'createdAt'] as const;
export const categoriesQuerySchema = z.extend(listQuerySchema, {
  type: z.optional(audienceSchema),
  sort: sortQuery(categorySorts),
});

export const experienceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  place: z.string(),
  happensAt: z.string(),
  /** The image's address under /api, or null. */
  image: z.nullable(z.string()),
  seats: z.number(),
  seatsTaken: z.number(),
  seatsLeft: z.number(),
  minLevel: z.nullable(z.object({ id: z.string(), name: z.string() })),
  points: z.number(),
  attendancePoints: z.number(),
  category: z.object({ id: z.string(), name: z.string(), type: audienceSchema }),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Experience = z.infer<typeof experienceSchema>;
export const experiencesPageSchema = pageOf(experienceSchema);

/** An admin also sees the attendance QR code's path (/experiences/qrcode/{experienceId}/{code}). */
export const cmsExperienceSchema = z.extend(experienceSchema, { qrCodePath: z.string() });
export type CmsExperience = z.infer<typeof cmsExperienceSchema>;
export const cmsExperiencesPageSchema = pageOf(cmsExperienceSchema);

const seatsSchema = z
  .number(experienceMessages.seats)
  .check(
    z.int(experienceMessages.seats),
    z.minimum(0, experienceMessages.seats),
    z.maximum(100_000, experienceMessages.seats),
  );

/** The fields of the create form (multipart: numbers arrive as text and are read before this schema runs). */
export const experienceInputSchema = z.object({
  categoryId: idSchema,
  name: nameSchema(experienceMessages.name, 160),
  description: z._default(z.string().check(z.trim(), z.maxLength(5000, fieldMessages.text)), ''),
  place: z._default(z.string().check(z.trim(), z.maxLength(300, fieldMessages.text)), ''),
  happensAt: dateTimeSchema(),
  seats: seatsSchema,
  minLevelId: z.optional(z.nullable(idSchema)),
  points: z._default(amountSchema(), 0),
  attendancePoints: z._default(amountSchema(), 0),
  active: z._default(z.boolean(fieldMessages.active), true),
});
export type ExperienceInput = z.infer<typeof experienceInputSchema>;

export const updateExperienceBodySchema = z.object({
  categoryId: z.optional(idSchema),
  name: z.optional(experienceInputSchema.shape.name),
  description: optionalTextSchema(5000),
  place: optionalTextSchema(300),
  happensAt: z.optional(dateTimeSchema()),
  seats: z.optional(seatsSchema),
  minLevelId: z.optional(z.nullable(idSchema)),
  points: z.optional(amountSchema()),
  attendancePoints: z.optional(amountSchema()),
  active: z.optional(z.boolean(fieldMessages.active)),
});

export const experienceSorts = ['happensAt', 'name', 'points', 'createdAt'] as const;
export const experiencesQuerySchema = z.extend(listQuerySchema, {
  sort: sortQuery(experienceSorts),
  categoryId: z.optional(idSchema),
  type: z.optional(audienceSchema),
  upcoming: z.optional(z.stringbool({ error: 'Use true ou false.' })),
});

export const participantExperienceSchema = z.extend(experienceSchema, {
  subscribed: z.boolean(),
  /** The participant's level reaches the minimum. */
  eligible: z.boolean(),
  /** Rules per profession: open to this participant, with no cost in points and no minimum level (`points` is 0). */
  open: z.optional(z.boolean()),
});
export type ParticipantExperience = z.infer<typeof participantExperienceSchema>;
export const participantExperiencesPageSchema = pageOf(participantExperienceSchema);
export const participantExperiencesQuerySchema = z.extend(pageQuerySchema, {
  sort: sortQuery(experienceSorts),
  categoryId: z.optional(idSchema),
  subscribed: z.optional(z.stringbool({ error: 'Use true ou false.' })),
  // A calendar month in São Paulo: the experiences that happen in it.
  month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Informe o mês como AAAA-MM.'))),
});
export const participantCategoriesQuerySchema = z.extend(pageQuerySchema, { sort: sortQuery(categorySorts) });

export const subscribeBodySchema = z.object({ experienceId: idSchema });
export const subscriptionAnswerSchema = z.object({ msg: z.string(), item: participantExperienceSchema });
export const qrCodeParamsSchema = z.object({
  experienceId: idSchema,
  code: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Código inválido.')),
});
export const qrCodeBodySchema = z.object({ shopkeeper: z.optional(z.boolean()) });
export const attendanceAnswerSchema = z.object({ msg: z.string(), points: z.number() });

export const subscriberSchema = z.object({
  id: z.string(),
  experience: z.object({ id: z.string(), name: z.string(), happensAt: z.string() }),
  participant: z.object({ kind: audienceSchema, id: z.string(), name: z.string(), email: z.string() }),
  status: z.enum(['subscribed', 'cancelled']),
  points: z.number(),
  attendedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
export const subscribersPageSchema = pageOf(subscriberSchema);
export const subscribersQuerySchema = z.extend(listQuerySchema, {
  sort: sortQuery(['name', 'status', 'createdAt']),
  experienceId: z.optional(idSchema),
  status: z.optional(z.enum(['subscribed', 'cancelled'])),
  /** One person's subscriptions (the CMS professional's page). */
  participantId: z.optional(idSchema),
});

/** An admin cancelling one subscription (refunded), or a whole experience (every subscriber refunded and told). */
export const cancelMessages = {
  subscription: 'Inscrição cancelada e pontos devolvidos ao participante.',
  experience: 'Experiência cancelada: {{count}} inscrições canceladas com os pontos devolvidos.',
  notSubscribed: 'Esta inscrição já foi cancelada.',
  subscriptionNotFound: 'Inscrição não encontrada.',
} as const;
export const cancelSubscriptionBodySchema = z.object({
  id: idSchema,
  reason: z.optional(z.string(fieldMessages.text).check(z.trim(), z.maxLength(500, fieldMessages.text))),
});
export const cancelExperienceBodySchema = cancelSubscriptionBodySchema;
export const cancelledCountSchema = z.object({ msg: z.string(), cancelled: z.number() });
