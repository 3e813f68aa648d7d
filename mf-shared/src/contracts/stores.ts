import { z } from 'zod/mini';
import { addressSchema, cnpjSchema, emailSchema, phoneSchema } from './accounts';
import { pageOf, pageQuerySchema, shopkeeperTypeSchema, sortQuery } from './common';
import { fieldMessages, idSchema, listQuerySchema, nameSchema } from './fields';

// Stores, their users and invites (spec 7.3), and the answer of every CSV import.

const nullableString = z.nullable(z.string());

export const storeAddressSchema = z.object({
  zipCode: z.optional(z.string()),
  street: z.optional(z.string()),
  number: z.optional(z.string()),
  complement: z.optional(z.string()),
  neighborhood: z.optional(z.string()),
  city: z.optional(z.string()),
  state: z.optional(z.string()),
});

export const storeSchema = z.object({
  id: z.string(),
  cnpj: z.string(),
  name: z.string(),
  email: nullableString,
  phone: nullableString,
  address: z.nullable(storeAddressSchema),
  active: z.boolean(),
  users: z.number(),
  /** The sum of its shopkeepers' points. */
  points: z.number(),
  createdAt: z.string(),
});
export type Store = z.infer<typeof storeSchema>;
export const storesPageSchema = pageOf(storeSchema);

export const storeMessages = {
  name: 'Digite o nome da loja.',
  cnpjTaken: 'Já existe uma loja com este CNPJ.',
  notFound: 'Loja não encontrada.',
  created: 'Criado com sucesso!',
  updated: 'Atualizado com sucesso!',
  /** An invite to the e-mail of somebody already in the programme: nothing is sent. */
  alreadyMember: 'Este e-mail já é de um profissional do Especifica: não é preciso convidá-lo.',
} as const;

export const storeFormSchema = z.object({
  cnpj: cnpjSchema,
  name: nameSchema(storeMessages.name),
  email: z.optional(emailSchema),
  phone: z.optional(phoneSchema),
  address: z.optional(addressSchema),
});
export const createStoreBodySchema = z.object({ form: storeFormSchema });
export type CreateStoreBody = z.infer<typeof createStoreBodySchema>;

export const updateStoreBodySchema = z.extend(z.partial(storeFormSchema), {
  id: idSchema,
  active: z.optional(z.boolean(fieldMessages.active)),
});
export type UpdateStoreBody = z.infer<typeof updateStoreBodySchema>;

export const storesQuerySchema = z.extend(listQuerySchema, {
  sort: sortQuery(['name', 'cnpj', 'createdAt', 'points']),
  state: z.optional(z.string().check(z.maxLength(2))),
  city: z.optional(z.string().check(z.maxLength(120))),
});

/** A shopkeeper who signed up alone is pending until an admin approves or refuses them. */
export const shopkeeperApprovals = ['pending', 'approved', 'refused'] as const;
export const shopkeeperApprovalSchema = z.enum(shopkeeperApprovals);
export type ShopkeeperApproval = z.infer<typeof shopkeeperApprovalSchema>;

export const approvalMessages = {
  pending:
    'Seu cadastro de lojista aguarda aprovação. Enquanto isso você pode entrar e ver seus dados, mas ainda não pode registrar vendas, enviar arquivos, convidar profissionais nem ver rankings.',
  decision: 'Escolha aprovar ou recusar.',
  approved: 'Cadastro aprovado com sucesso!',
  refused: 'Cadastro recusado.',
  notPending: 'Este cadastro já foi analisado.',
  otherStore: 'Você só pode aprovar ou recusar cadastros da sua própria loja.',
  managersOnly: 'Só o gerente da loja pode aprovar ou recusar cadastros de lojistas.',
  teamManagersOnly: 'Só o gerente da loja vê a equipe da loja.',
} as const;

export const storeUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  cpf: nullableString,
  cellphone: nullableString,
  shopkeeperType: shopkeeperTypeSchema,
  approval: shopkeeperApprovalSchema,
  active: z.boolean(),
  storeId: z.string(),
  storeName: z.string(),
  storeCnpj: z.string(),
  points: z.number(),
  createdAt: z.string(),
});
export type StoreUser = z.infer<typeof storeUserSchema>;
export const storeUsersPageSchema = pageOf(storeUserSchema);

export const storeUserSorts = ['name', 'email', 'createdAt', 'points'] as const;
export const storeUsersQuerySchema = z.extend(listQuerySchema, {
  sort: sortQuery(storeUserSorts),
  storeId: z.optional(idSchema),
  shopkeeperType: z.optional(shopkeeperTypeSchema),
  approval: z.optional(shopkeeperApprovalSchema),
});

export const updateStoreUserBodySchema = z.object({
  id: idSchema,
  name: z.optional(nameSchema()),
  email: z.optional(emailSchema),
  shopkeeperType: z.optional(shopkeeperTypeSchema),
  active: z.optional(z.boolean(fieldMessages.active)),
});

/** An admin's decision on a pending shopkeeper. */
export const storeUserApprovalBodySchema = z.object({
  id: idSchema,
  approval: z.enum(['approved', 'refused'], approvalMessages.decision),
});

export const inviteSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  email: z.string(),
  name: z.string(),
  invitedBy: z.string(),
  accepted: z.boolean(),
  createdAt: z.string(),
  signUpUrl: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;
export const invitesPageSchema = pageOf(inviteSchema);
export const inviteSorts = ['name', 'email', 'createdAt'] as const;
/** A store's own team (the store is in the path). */
export const storeTeamQuerySchema = z.extend(listQuerySchema, { sort: sortQuery(storeUserSorts) });
export const invitesQuerySchema = z.extend(listQuerySchema, {
  storeId: z.optional(idSchema),
  sort: sortQuery(inviteSorts),
});
/** A shopkeeper's invites (of their own store). */
export const shopkeeperInvitesQuerySchema = z.extend(listQuerySchema, { sort: sortQuery(inviteSorts) });
export const inviteQuerySchema = z.object({ id: idSchema });

export const inviteBodySchema = z.object({
  form: z.object({
    storeId: idSchema,
    email: emailSchema,
    name: z._default(z.string().check(z.trim(), z.maxLength(160, fieldMessages.name)), ''),
  }),
});
export type InviteBody = z.infer<typeof inviteBodySchema>;

export const importQuerySchema = z.object({
  skipBadRows: z.optional(z.stringbool({ error: 'Use true ou false.' })),
});

export const importResultSchema = z.object({
  msg: z.string(),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.array(z.object({ line: z.number(), reason: z.string() })),
  errorCount: z.number(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The stores a participant sees (/stores): the public face of the active ones. */
export const participantStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  cnpj: z.string(),
  phone: nullableString,
  address: z.nullable(storeAddressSchema),
});
export const participantStoresPageSchema = pageOf(participantStoreSchema);
export const participantStoresQuerySchema = z.extend(pageQuerySchema, {
  search: z.optional(z.string().check(z.maxLength(120))),
  state: z.optional(z.string().check(z.maxLength(2))),
  city: z.optional(z.string().check(z.maxLength(120))),
});

// ---- The professional of a sale, confirmed by the seller before sending (issue 40) ----

export const professionalLookupMessages = {
  search: 'Digite o CPF ou o e-mail do profissional.',
  invalid: 'Digite um CPF ou um e-mail válido.',
  notFound: 'Nenhum profissional do programa com este CPF ou e-mail.',
} as const;

/** A CPF (masked or not) or an e-mail, as the seller types it. */
export const professionalLookupQuerySchema = z.object({
  search: z
    .string(professionalLookupMessages.search)
    .check(
      z.trim(),
      z.minLength(1, professionalLookupMessages.search),
      z.maxLength(254, professionalLookupMessages.search),
    ),
});
export type ProfessionalLookupQuery = z.infer<typeof professionalLookupQuerySchema>;

/** Only what a shopkeeper may see of a professional: who it is, to confirm before sending the sale. */
export const professionalLookupSchema = z.object({ id: z.string(), name: z.string() });
export type ProfessionalLookup = z.infer<typeof professionalLookupSchema>;
