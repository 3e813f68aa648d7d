import { api } from '@especifica/mf-shared';
import {
  type AdjustPointsBody,
  type AdminProfessional,
  type AdminProfessionalsQuery,
  adjustmentMessages,
  adminProfessionalsQuerySchema,
  type Customer,
  cmsCustomersQuerySchema,
  cpfSchema,
  createProfessionalByAdminBodySchema,
  emailSchema,
  type ledgerKinds,
  nameSchema,
  pceQuerySchema,
  phoneSchema,
  positiveAmountSchema,
  professionSchema,
  type subscriberSchema,
  subscribersQuerySchema,
  userMessages,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';
import { z } from 'zod/mini';

export type Behaviour = AdminProfessional['behaviour'];
export type CmsCustomersQuery = z.infer<typeof cmsCustomersQuerySchema>;
export type PceQuery = z.infer<typeof pceQuerySchema>;
export type SubscribersQuery = z.infer<typeof subscribersQuerySchema>;
export type Subscriber = z.infer<typeof subscriberSchema>;
export interface PceMovement {
  id: string;
  kind: (typeof ledgerKinds)[number];
  points: number;
  reason: string;
  issuer: string | null;
  createdAt: string;
}

/**
 * Every professional (spec 7.9): search by name, e-mail or CPF, filtered by behaviour, level and reference store, and
 * exported as filtered.
 */
export const cmsProfessionals = defineResource<AdminProfessional, AdminProfessionalsQuery>({
  name: 'cms-professionals',
  query: adminProfessionalsQuerySchema,
  list: (query) => api.get<Page<AdminProfessional>>('/cms/professionals/get-all', { ...query }),
  id: (professional) => professional.id,
  label: (professional) => professional.name,
  exports: {
    csv: { url: '/cms/professionals/export', filename: 'profissionais.csv' },
    xlsx: { url: '/cms/professionals/export?format=xlsx', filename: 'profissionais.xlsx' },
  },
});

export const professionalKey = (id: string) => ['resource', cmsProfessionals.name, 'one', id] as const;
export const getProfessional = (id: string) => api.get<AdminProfessional>('/cms/professionals/get-one', { id });

export const changeBehaviour = (professional: AdminProfessional, behaviour: Behaviour) =>
  api.post<{ msg: string }>('/cms/professionals/change-status', { id: professional.id, behaviour });

export const adjustPoints = (body: AdjustPointsBody) =>
  api.post<{ msg: string; item: AdminProfessional }>('/cms/professionals/adjust-points', body);

/** The edit drawer: the optional fields may stay empty (the server keeps them as they are). */
export const editProfessionalSchema = z.object({
  name: nameSchema(),
  email: emailSchema,
  cpf: z.union([z.literal(''), cpfSchema]),
  cellphone: z.union([z.literal(''), phoneSchema]),
  profession: z.union([z.literal(''), professionSchema]),
});
export type EditProfessionalValues = z.input<typeof editProfessionalSchema>;
export const createProfessionalSchema = createProfessionalByAdminBodySchema;
export type CreateProfessionalValues = z.input<typeof createProfessionalSchema>;

export const createProfessional = (values: CreateProfessionalValues) =>
  api.post<{ msg: string; item: AdminProfessional }>('/cms/professionals/create', values);

export const updateProfessional = (professional: AdminProfessional, values: EditProfessionalValues) =>
  api.post<{ msg: string; item: AdminProfessional }>('/cms/professionals/update', {
    id: professional.id,
    ...Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')),
  });

export const savedMessage = (professional: AdminProfessional | null) =>
  professional ? userMessages.professionalUpdated : userMessages.created;

/** Give or take: the direction chosen, and the points typed as a positive amount. */
export const adjustFormSchema = z.object({
  direction: z.enum(['give', 'take']),
  points: positiveAmountSchema(adjustmentMessages.points),
  reason: nameSchema(adjustmentMessages.reason, 300),
});
export type AdjustFormValues = z.input<typeof adjustFormSchema>;

// The lists of one person put the person in their defaults: the query (and so the cache key) names whose they are.

/** One person's movements, from the programme-wide extract. */
export const extractOf = (professionalId: string) =>
  defineResource<PceMovement, PceQuery>({
    name: 'cms-professional-extract',
    query: pceQuerySchema,
    defaults: { sort: '-createdAt', participantKind: 'professional', participantId: professionalId },
    list: (query) => api.get<Page<PceMovement>>('/cms/professionals/pce/get-all', { ...query }),
    id: (movement) => movement.id,
    label: (movement) => movement.reason,
  });

/** The customers of every professional, or of one (spec 7.9), with the admin's status switch. */
export const cmsCustomers = (professionalId?: string) =>
  defineResource<Customer, CmsCustomersQuery>({
    name: 'cms-customers',
    query: cmsCustomersQuerySchema,
    defaults: professionalId ? { professionalId } : {},
    list: (query) => api.get<Page<Customer>>('/cms/professionals/get-all-customers', { ...query }),
    id: (customer) => customer.id,
    label: (customer) => customer.data.name,
    status: {
      isActive: (customer) => customer.active,
      change: (customer, active) => api.post('/cms/professionals/change-customer-status', { id: customer.id, active }),
    },
  });

/** One person's experience subscriptions. */
export const subscriptionsOf = (professionalId: string) =>
  defineResource<Subscriber, SubscribersQuery>({
    name: 'cms-professional-subscriptions',
    query: subscribersQuerySchema,
    defaults: { sort: '-createdAt', participantId: professionalId },
    list: (query) => api.get<Page<Subscriber>>('/cms/professionals/get-subscribers', { ...query }),
    id: (subscription) => subscription.id,
    label: (subscription) => subscription.experience.name,
  });
