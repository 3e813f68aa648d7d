import { api } from '@especifica/mf-shared';
import {
  type Invite,
  type ShopkeeperInviteFormValues,
  type ShopkeeperInvitesQuery,
  shopkeeperInvitesQuerySchema,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';

/** The invites a shopkeeper's store sent (spec 7.3, the shopkeeper's own). */
export const invites = defineResource<Invite, ShopkeeperInvitesQuery>({
  name: 'shopkeeper-invites',
  query: shopkeeperInvitesQuerySchema,
  list: (query) => api.get<Page<Invite>>('/shopkeeper/invites/get-all', { ...query }),
  id: (invite) => invite.id,
  label: (invite) => invite.name || invite.email,
});

export const sendInvite = (values: ShopkeeperInviteFormValues) =>
  api.post<{ msg: string; item: Invite }>('/shopkeeper/invites/invite', { form: values });
