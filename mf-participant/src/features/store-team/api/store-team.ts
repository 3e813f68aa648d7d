import { api } from '@especifica/mf-shared';
import { type StoreUser, storeTeamQuerySchema } from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';
import type { z } from 'zod/mini';

type TeamQuery = z.infer<typeof storeTeamQuerySchema>;

/** The approved people of the manager's store, each with type, state and points. */
export const storeTeam = defineResource<StoreUser, TeamQuery>({
  name: 'shopkeeper-store-team',
  query: storeTeamQuerySchema,
  list: (query) => api.get<Page<StoreUser>>('/shopkeeper/store-users/team', { ...query }),
  id: (user) => user.id,
  label: (user) => user.name,
});
