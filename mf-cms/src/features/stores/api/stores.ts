import { api, type Result } from '@especifica/mf-shared';
import {
  type AddressValues,
  accountMessages,
  addressSchema,
  cnpjSchema,
  emailSchema,
  formatCnpj,
  type Invite,
  phoneSchema,
  type Store,
  type StoreUser,
  storeMessages,
  storesQuerySchema,
  type storeTeamQuerySchema,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';
import { z } from 'zod/mini';

export type StoresQuery = z.infer<typeof storesQuerySchema>;

/** The stores of the programme (spec 7.3): the list, and the calls of its create/edit drawer and status. */
export const cmsStores = defineResource<Store, StoresQuery>({
  name: 'cms-stores',
  query: storesQuerySchema,
  defaults: { sort: 'name' },
  list: (query) => api.get<Page<Store>>('/cms/stores/get-all', { ...query }),
  id: (store) => store.id,
  label: (store) => store.name,
});

/** One store by id (a screen opened with a store in its URL names it from here). */
export const getStore = (id: string): Promise<Result<Store>> => api.get<Store>('/cms/stores/get-one', { id });

export const changeStoreStatus = (store: Store, active: boolean) =>
  api.post<{ msg: string }>('/cms/stores/change-status', { id: store.id, active });

/** What the drawer holds: the masked texts as typed; the address is all or nothing. */
export interface StoreValues extends AddressValues {
  cnpj: string;
  name: string;
  email: string;
  phone: string;
}

const addressKeys = ['zipCode', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'] as const;
/** A field that may be left empty, or else must pass `schema`. */
export const emptyOr = <T extends z.ZodMiniType>(schema: T) => z.union([z.literal(''), schema]);

/**
 * The store form: CNPJ and name required, e-mail and phone when typed, and the address either left empty or
 * complete (a participant opens it in a map).
 */
export const storeFormSchema = z
  .object({
    cnpj: cnpjSchema,
    name: z.string(storeMessages.name).check(z.trim(), z.minLength(1, storeMessages.name), z.maxLength(160)),
    email: emptyOr(emailSchema),
    phone: emptyOr(phoneSchema),
    zipCode: z.string(),
    street: z.string(),
    number: z.string(),
    complement: z.string(),
    neighborhood: z.string(),
    city: z.string(),
    state: z.string(),
  })
  .check(
    z.superRefine((values, context) => {
      if (!hasAddress(values)) return;
      const parsed = addressSchema.safeParse(addressOf(values));
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        context.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: values });
      }
    }),
  );

function hasAddress(values: Pick<StoreValues, (typeof addressKeys)[number]>) {
  return addressKeys.some((key) => values[key].trim() !== '');
}

function addressOf(values: StoreValues) {
  return Object.fromEntries(addressKeys.map((key) => [key, values[key].trim()]));
}

export const phoneText = (digits: string | null) => {
  if (!digits) return '';
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  return `(${area}) ${rest.slice(0, rest.length - 4)}-${rest.slice(-4)}`;
};

export function storeValuesOf(store: Store | null): StoreValues {
  const address = store?.address ?? {};
  const zip = address.zipCode ?? '';
  return {
    cnpj: store ? formatCnpj(store.cnpj) : '',
    name: store?.name ?? '',
    email: store?.email ?? '',
    phone: phoneText(store?.phone ?? null),
    zipCode: zip.length === 8 ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip,
    street: address.street ?? '',
    number: address.number ?? '',
    complement: address.complement ?? '',
    neighborhood: address.neighborhood ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
  };
}

/** The body of create ({form}) or update ({id, ...}); the address travels only when it was typed. */
export function storeFormOf(values: StoreValues) {
  return {
    cnpj: values.cnpj,
    name: values.name,
    ...(values.email ? { email: values.email } : {}),
    ...(values.phone ? { phone: values.phone } : {}),
    ...(hasAddress(values) ? { address: addressOf(values) } : {}),
  };
}

export const saveStore = (store: Store | null, values: StoreValues) =>
  store
    ? api.post<{ msg: string; item: Store }>('/cms/stores/update', { id: store.id, ...storeFormOf(values) })
    : api.post<{ msg: string; item: Store }>('/cms/stores/create', { form: storeFormOf(values) });

export type StoreTeamQuery = z.infer<typeof storeTeamQuerySchema>;

/** A store's people, for its drawer. */
export const storeTeam = (store: Store, page: number): Promise<Result<Page<StoreUser>>> =>
  api.get<Page<StoreUser>>(`/cms/stores/${store.id}/get-users`, { page, limit: 25, sort: 'name' });

/** The invites a store sent, newest first. */
export const storeInvites = (store: Store, page: number): Promise<Result<Page<Invite>>> =>
  api.get<Page<Invite>>('/cms/stores/invites/get-all', { storeId: store.id, page, limit: 25, sort: '-createdAt' });

export interface InviteValues {
  email: string;
  name: string;
}

export const inviteFormSchema = z.object({
  email: emailSchema,
  name: z.string().check(z.trim(), z.maxLength(160, accountMessages.name)),
});

export const inviteToStore = (store: Store, values: InviteValues) =>
  api.post<{ msg: string; item: Invite }>('/cms/stores/invites/invite', { form: { storeId: store.id, ...values } });

export { formatCnpj };
