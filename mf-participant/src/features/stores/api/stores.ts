import { api, type Result } from '@especifica/mf-shared';
import {
  type ParticipantStoresQuery,
  type participantStoreSchema,
  participantStoresQuerySchema,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';

export type ParticipantStore = ReturnType<typeof participantStoreSchema.parse>;

/** The participating stores a professional can buy at (spec 7.10). */
export const stores = defineResource<ParticipantStore, ParticipantStoresQuery>({
  name: 'participant-stores',
  query: participantStoresQuerySchema,
  list: (query) => api.get<Page<ParticipantStore>>('/professionals/stores/get-all', { ...query }),
  id: (store) => store.id,
  label: (store) => store.name,
});

/** One line of address, as a person writes it. */
export function addressLine(store: ParticipantStore): string {
  const a = store.address;
  if (!a) return '';
  const street = [a.street, a.number].filter(Boolean).join(', ');
  const place = [a.neighborhood, [a.city, a.state].filter(Boolean).join(' - ')].filter(Boolean).join(', ');
  return [street, a.complement, place].filter(Boolean).join(' · ');
}

/** The store's city and state ("São Paulo - SP"), or nothing. */
export const cityOf = (store: ParticipantStore) =>
  [store.address?.city, store.address?.state].filter(Boolean).join(' - ');

interface Places {
  cities: string[];
  states: string[];
}

/** The cities and states that have a participating store, for the filters. */
export const getPlaces = (): Promise<Result<Places>> =>
  api.get<Page<ParticipantStore>>('/professionals/stores/get-all', { limit: 100, page: 1 }).then(([page, error]) => {
    if (!page) return [null, error] as Result<Places>;
    const cities = new Set<string>();
    const states = new Set<string>();
    for (const store of page.items) {
      if (store.address?.city) cities.add(store.address.city);
      if (store.address?.state) states.add(store.address.state);
    }
    const sorted = (set: Set<string>) => [...set].sort((a, b) => a.localeCompare(b, 'pt-BR'));
    return [{ cities: sorted(cities), states: sorted(states) }, null];
  });
