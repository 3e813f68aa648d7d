import { z } from 'zod/mini';
import { cpfSchema, emailSchema, phoneSchema } from './accounts';
import { pageOf, sortQuery } from './common';
import { idSchema, listQuerySchema, nameSchema } from './fields';

// A professional's customers (spec 7.9, 7.10): valid for a window (180 days by default) that renew extends; a
// store's invoice for the customer's CPF inside it is attributed to the professional.

export const customerMessages = {
  name: 'Digite o nome do cliente.',
  created: 'Cliente cadastrado com sucesso!',
  renewed: 'Cliente renovado com sucesso!',
  updated: 'Atualizado com sucesso!',
  notFound: 'Cliente não encontrado.',
  takenByOther: 'Este cliente já está cadastrado por outro profissional.',
  alreadyYours: 'Você já cadastrou este cliente. Renove o cadastro para estender a validade.',
} as const;

export const customerDataSchema = z.object({
  name: nameSchema(customerMessages.name),
  cpf: cpfSchema,
  phone: z.optional(phoneSchema),
  email: z.optional(emailSchema),
});
export type CustomerData = z.infer<typeof customerDataSchema>;

export const createCustomerBodySchema = z.object({ data: customerDataSchema });
export const updateCustomerBodySchema = z.object({
  id: idSchema,
  data: z.object({
    name: z.optional(customerDataSchema.shape.name),
    phone: z.optional(phoneSchema),
    email: z.optional(emailSchema),
  }),
});

export const customerSchema = z.object({
  id: z.string(),
  active: z.boolean(),
  data: z.object({
    name: z.string(),
    cpf: z.string(),
    phone: z.nullable(z.string()),
    email: z.nullable(z.string()),
  }),
  validUntil: z.string(),
  /** Past its window: invoices are no longer attributed until it is renewed. */
  expired: z.boolean(),
  /** When the customer objected through the link of their notice (docs/privacy.md); never why. */
  objectedAt: z.nullable(z.string()),
  professional: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customersPageSchema = pageOf(customerSchema);

export const customersQuerySchema = z.extend(listQuerySchema, {
  sort: sortQuery(['name', 'createdAt', 'validUntil']),
  expired: z.optional(z.stringbool({ error: 'Use true ou false.' })),
});
export const cmsCustomersQuerySchema = z.extend(customersQuerySchema, { professionalId: z.optional(idSchema) });
