import { api } from '@especifica/mf-shared';
import {
  type CmsUsersQuery,
  cmsUserFormSchema,
  cmsUsersQuerySchema,
  createCmsUserBodySchema,
  userMessages,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';

export interface CmsUser {
  id: string;
  name: string;
  email: string;
  active: boolean;
  createdAt: string;
}

export interface CmsUserValues {
  name: string;
  email: string;
  password: string;
}

/** Admin users (spec 7.4): the list, its status switch, and the calls of the create/edit drawer. */
export const cmsUsers = defineResource<CmsUser, CmsUsersQuery>({
  name: 'cms-users',
  query: cmsUsersQuerySchema,
  list: (query) => api.get<Page<CmsUser>>('/cms/users/get-all', { ...query }),
  id: (user) => user.id,
  label: (user) => user.name,
  status: {
    isActive: (user) => user.active,
    change: (user, active) => api.post('/cms/users/change-status', { id: user.id, active }),
  },
});

export const saveCmsUser = (user: CmsUser | null, values: CmsUserValues) =>
  user
    ? api.post<{ msg?: string }>('/cms/users/update', {
        id: user.id,
        name: values.name,
        email: values.email,
        ...(values.password ? { password: values.password } : {}),
      })
    : api.post<{ msg?: string }>('/cms/users/create', values);

export const savedMessage = (user: CmsUser | null) => (user ? userMessages.updated : userMessages.created);

/** Creating asks a password; editing keeps the current one when the field is left empty. */
export const userFormSchema = (user: CmsUser | null) => (user ? cmsUserFormSchema : createCmsUserBodySchema);
