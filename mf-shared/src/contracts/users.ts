import { z } from 'zod/mini';
import { cpfSchema, emailSchema, newPasswordSchema, phoneSchema, professionSchema } from './accounts';
import { pageOf, sortQuery } from './common';
import { fieldMessages, idSchema, listQuerySchema, nameSchema, nonZeroAmountSchema } from './fields';

// The people admins manage: CMS users (spec 7.4), professionals (7.9) and consultants.

export const userMessages = {
  emailTaken: 'Este e-mail já é usado por outra conta.',
  created: 'Usuário cadastrado com sucesso!',
  updated: 'Usuário atualizado com sucesso!',
  notFound: 'Usuário não encontrado.',
  professionalNotFound: 'Profissional não encontrado.',
  professionalUpdated: 'Profissional atualizado com sucesso!',
  consultantCreated: 'Consultor criado com sucesso!',
  consultantUpdated: 'Consultor atualizado com sucesso!',
  selfDeactivation: 'Você não pode desativar a sua própria conta.',
} as const;

export const cmsUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  profileImage: z.nullable(z.string()),
  createdAt: z.string(),
});
export const cmsUsersPageSchema = pageOf(cmsUserSchema);
export const cmsUsersQuerySchema = z.extend(listQuerySchema, { sort: sortQuery(['name', 'email', 'createdAt']) });
export type CmsUsersQuery = z.infer<typeof cmsUsersQuerySchema>;
export const createCmsUserBodySchema = z.object({
  name: nameSchema(),
  email: emailSchema,
  password: newPasswordSchema,
});
/** The edit form of a CMS user: the password only when it changes. */
export const cmsUserFormSchema = z.object({
  name: nameSchema(),
  email: emailSchema,
  password: z.union([z.literal(''), newPasswordSchema]),
});
export const updateCmsUserBodySchema = z.object({
  id: idSchema,
  name: z.optional(nameSchema()),
  email: z.optional(emailSchema),
  password: z.optional(newPasswordSchema),
});

export const behaviours = ['active', 'inactive', 'blocked'] as const;
export const behaviourSchema = z.enum(behaviours, 'Selecione ativo, inativo ou bloqueado.');

export const adminProfessionalSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  cpf: z.nullable(z.string()),
  cellphone: z.nullable(z.string()),
  profession: z.nullable(z.string()),
  status: z.string(),
  behaviour: behaviourSchema,
  level: z.object({ level: z.nullable(z.string()), points: z.number() }),
  totalPoints: z.number(),
  /** The store and the seller the professional named at sign-up (or a store's invite). */
  referenceStore: z.nullable(z.object({ id: z.string(), name: z.string() })),
  referenceSeller: z.nullable(z.object({ id: z.string(), name: z.string() })),
  createdAt: z.string(),
  /**
   * On the person's page only: an earlier account of theirs that the programme erased (LGPD), recognised by the keyed
   * hash of the CPF or e-mail kept from it. Its points and history stay with the pseudonym; they do not come back.
   */
  returnedAfterErasure: z.optional(z.nullable(z.object({ erasedAt: z.string(), by: z.enum(['cpf', 'email']) }))),
});
export const adminProfessionalsPageSchema = pageOf(adminProfessionalSchema);
export const adminProfessionalsQuerySchema = z.extend(listQuerySchema, {
  sort: sortQuery(['name', 'email', 'createdAt', 'points']),
  behaviour: z.optional(behaviourSchema),
  status: z.optional(z.enum(['pre_registered', 'incomplete', 'awaiting_email', 'active'])),
  referenceStoreId: z.optional(idSchema),
  /** A level of the programme (its id): the professionals whose points of the cycle place them in it. */
  levelId: z.optional(idSchema),
});
export type AdminProfessional = z.infer<typeof adminProfessionalSchema>;
export type AdminProfessionalsQuery = z.infer<typeof adminProfessionalsQuerySchema>;
/** The list as filtered, as a file (`format` csv by default, or xlsx). */
export const adminProfessionalsExportQuerySchema = z.extend(adminProfessionalsQuerySchema, {
  format: z._default(z.enum(['csv', 'xlsx'], 'Escolha o formato: csv ou xlsx.'), 'csv'),
});

export const createProfessionalByAdminBodySchema = createCmsUserBodySchema;
/** An admin's edit of a professional (JSON or multipart form fields). */
export const updateProfessionalByAdminBodySchema = z.object({
  id: idSchema,
  name: z.optional(nameSchema()),
  email: z.optional(emailSchema),
  cellphone: z.optional(phoneSchema),
  cpf: z.optional(cpfSchema),
  profession: z.optional(professionSchema),
});
export const professionalBehaviourBodySchema = z.object({ id: idSchema, behaviour: behaviourSchema });

export const adjustmentMessages = {
  points: 'Digite uma quantidade de pontos diferente de zero.',
  reason: 'Informe o motivo do ajuste.',
  overdraft: 'O profissional não tem pontos suficientes para este débito.',
  given: 'Pontos creditados com sucesso!',
  keyReused:
    'Este ajuste já foi enviado com outros dados. Feche o formulário e abra-o de novo para fazer um novo ajuste.',
  taken: 'Pontos debitados com sucesso!',
} as const;
/** An admin gives (positive) or takes (negative) points by hand, always with the reason the extract shows. */
export const adjustPointsBodySchema = z.object({
  professionalId: idSchema,
  points: nonZeroAmountSchema(adjustmentMessages.points),
  reason: nameSchema(adjustmentMessages.reason, 300),
  /**
   * Made by the form when it opens: a repeated request with the same key (a double click, a retry after a timeout)
   * adjusts once and answers the same; the key with another body is refused (409).
   */
  idempotencyKey: z.optional(idSchema),
});
export type AdjustPointsBody = z.infer<typeof adjustPointsBodySchema>;

export const consultantSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  cpf: z.nullable(z.string()),
  cellphone: z.nullable(z.string()),
  active: z.boolean(),
  store: z.object({ id: z.string(), name: z.string(), cnpj: z.string() }),
  createdAt: z.string(),
});
export const consultantsPageSchema = pageOf(consultantSchema);
export const consultantsQuerySchema = z.extend(listQuerySchema, {
  storeId: z.optional(idSchema),
  sort: sortQuery(['name', 'email', 'createdAt']),
});
export const createConsultantBodySchema = z.object({
  storeId: idSchema,
  name: nameSchema(),
  email: emailSchema,
  password: newPasswordSchema,
  cpf: z.optional(cpfSchema),
  cellphone: z.optional(phoneSchema),
});
export const updateConsultantBodySchema = z.object({
  id: idSchema,
  storeId: z.optional(idSchema),
  name: z.optional(nameSchema()),
  email: z.optional(emailSchema),
  password: z.optional(newPasswordSchema),
  cpf: z.optional(cpfSchema),
  cellphone: z.optional(phoneSchema),
  active: z.optional(z.boolean(fieldMessages.active)),
});
