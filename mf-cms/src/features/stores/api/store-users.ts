import { api } from '@especifica/mf-shared';
import {
  cpfSchema,
  emailSchema,
  formatCpf,
  nameSchema,
  newPasswordSchema,
  phoneSchema,
  type ShopkeeperType,
  type StoreUser,
  shopkeeperTypes,
  storeUsersQuerySchema,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';
import { z } from 'zod/mini';
import { emptyOr, phoneText } from './stores';

export type StoreUsersQuery = z.infer<typeof storeUsersQuerySchema>;

/** Every store's people (spec 7.3): sellers, managers and consultants, with their points and status. */
export const storeUsers = defineResource<StoreUser, StoreUsersQuery>({
  name: 'cms-store-users',
  query: storeUsersQuerySchema,
  list: (query) => api.get<Page<StoreUser>>('/cms/stores/get-all-stores-users', { ...query }),
  id: (user) => user.id,
  label: (user) => user.name,
  status: {
    isActive: (user) => user.active,
    change: (user, active) => api.post('/cms/stores/update-store-user', { id: user.id, active }),
  },
  alsoInvalidates: [['resource', 'cms-stores']],
});

export interface StoreUserValues {
  storeId: string;
  name: string;
  email: string;
  shopkeeperType: string;
  cpf: string;
  cellphone: string;
  password: string;
}

export const storeUserMessages = { store: 'Selecione a loja.', type: 'Selecione o tipo de usuário.' } as const;
const storeIdSchema = z.string(storeUserMessages.store).check(z.minLength(1, storeUserMessages.store));
const typeSchema = z.enum(shopkeeperTypes, storeUserMessages.type);

/** A seller's or a manager's edit: name, e-mail and type. */
const personSchema = z.object({ name: nameSchema(), email: emailSchema, shopkeeperType: typeSchema });
/** A new consultant (POST /users/consultants). */
const newConsultantSchema = z.object({
  storeId: storeIdSchema,
  name: nameSchema(),
  email: emailSchema,
  password: newPasswordSchema,
  cpf: emptyOr(cpfSchema),
  cellphone: emptyOr(phoneSchema),
});
/** A consultant's edit (PUT /users/consultants), where the type may change too. */
const consultantSchema = z.object({
  storeId: storeIdSchema,
  name: nameSchema(),
  email: emailSchema,
  shopkeeperType: typeSchema,
  password: emptyOr(newPasswordSchema),
  cpf: emptyOr(cpfSchema),
  cellphone: emptyOr(phoneSchema),
});

export type StoreUserMode = 'new-consultant' | 'consultant' | 'person';
export const modeOf = (user: StoreUser | null): StoreUserMode =>
  !user ? 'new-consultant' : user.shopkeeperType === 'consultant' ? 'consultant' : 'person';
export const storeUserFormSchema = (mode: StoreUserMode) =>
  mode === 'new-consultant' ? newConsultantSchema : mode === 'consultant' ? consultantSchema : personSchema;

export const storeUserValuesOf = (user: StoreUser | null): StoreUserValues => ({
  storeId: user?.storeId ?? '',
  name: user?.name ?? '',
  email: user?.email ?? '',
  shopkeeperType: user?.shopkeeperType ?? 'consultant',
  cpf: user?.cpf ? formatCpf(user.cpf) : '',
  cellphone: phoneText(user?.cellphone ?? null),
  password: '',
});

const optional = (values: StoreUserValues, keys: ('cpf' | 'cellphone' | 'password')[]) =>
  Object.fromEntries(keys.filter((key) => values[key] !== '').map((key) => [key, values[key]]));

type Saved = { msg: string };

/**
 * Saves the drawer: a new consultant, a consultant's data (and then the type, when it changed), or a seller's or
 * manager's name, e-mail and type.
 */
export async function saveStoreUser(user: StoreUser | null, values: StoreUserValues) {
  const { name, email, storeId } = values;
  const type = values.shopkeeperType as ShopkeeperType;
  if (!user) {
    return api.post<Saved>('/users/consultants', {
      storeId,
      name,
      email,
      ...optional(values, ['cpf', 'cellphone', 'password']),
    });
  }
  if (user.shopkeeperType !== 'consultant') {
    return api.post<Saved>('/cms/stores/update-store-user', { id: user.id, name, email, shopkeeperType: type });
  }
  const saved = await api.put<Saved>('/users/consultants', {
    id: user.id,
    storeId,
    name,
    email,
    ...optional(values, ['cpf', 'cellphone', 'password']),
  });
  if (saved[1] || type === 'consultant') return saved;
  return api.post<Saved>('/cms/stores/update-store-user', { id: user.id, shopkeeperType: type });
}

/** An admin's decision on a shopkeeper who signed up alone. */
export const decideApproval = (user: StoreUser, approval: 'approved' | 'refused') =>
  api.post<{ msg: string; item: StoreUser }>('/cms/stores/approve-store-user', { id: user.id, approval });
