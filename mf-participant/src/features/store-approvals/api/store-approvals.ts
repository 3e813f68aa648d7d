import { api } from '@especifica/mf-shared';
import { type StoreUser, storeTeamQuerySchema } from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';
import type { z } from 'zod/mini';

type PendingQuery = z.infer<typeof storeTeamQuerySchema>;

/** The sellers who signed up alone to the manager's store and wait for a decision. */
export const pendingSignUps = defineResource<StoreUser, PendingQuery>({
  name: 'shopkeeper-pending-sign-ups',
  query: storeTeamQuerySchema,
  list: (query) => api.get<Page<StoreUser>>('/shopkeeper/store-users/pending', { ...query }),
  id: (user) => user.id,
  label: (user) => user.name,
});

/** The manager's decision on one of them. */
export const decideSignUp = (user: StoreUser, approval: 'approved' | 'refused') =>
  api.post<{ msg: string; item: StoreUser }>('/shopkeeper/store-users/approve', { id: user.id, approval });
