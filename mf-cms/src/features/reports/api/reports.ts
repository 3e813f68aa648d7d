import { api } from '@especifica/mf-shared';
import {
  type RankingEntry,
  type RankingPage,
  rankingQuerySchema,
  type StoreUser,
  type specificationSchema,
  specificationsQuerySchema,
  storeUsersQuerySchema,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';
import { z } from 'zod/mini';

export type RankingKind = 'professionals' | 'stores' | 'sellers';
export type Specification = z.infer<typeof specificationSchema>;

const EXPORT_URL = '/cms/dashboard/get-data-to-export';

const rankings: Record<RankingKind, { url: string; key: string; file: string }> = {
  professionals: {
    url: '/cms/professionals/get-professionals-ranking',
    key: 'professionals-ranking',
    file: 'ranking-profissionais',
  },
  stores: { url: '/cms/stores/get-stores-ranking', key: 'stores-ranking', file: 'ranking-lojas' },
  // The spec's seller dashboard (an "external" call there); this API serves it at the same address.
  sellers: { url: '/admin/dashboard/store-sellers', key: 'sellers-ranking', file: 'ranking-vendedores' },
};

/** A ranking (spec 7.3, 7.9; domain: rankings) as a list: the cycle or a period, searched by name, exported whole. */
export const rankingResource = (kind: RankingKind) => {
  const { url, key, file } = rankings[kind];
  return defineResource<RankingEntry, z.infer<typeof rankingQuerySchema>>({
    name: `ranking-${kind}`,
    query: rankingQuerySchema,
    list: (query) => api.get<RankingPage>(url, { ...query }),
    id: (entry) => entry.id,
    label: (entry) => entry.name,
    exports: {
      csv: { url: `${EXPORT_URL}?key=${key}&format=csv`, filename: `${file}.csv` },
      xlsx: { url: `${EXPORT_URL}?key=${key}&format=xlsx`, filename: `${file}.xlsx` },
    },
  });
};

// The page lists with the filters; the same filters with `format` download every matching row, never a page.
const specificationsListSchema = z.omit(specificationsQuerySchema, { format: true });
const SPECIFICATIONS_URL = '/cms/dashboard/get-specifications';

export const specifications = defineResource<Specification, z.infer<typeof specificationsListSchema>>({
  name: 'report-specifications',
  query: specificationsListSchema,
  defaults: { sort: '-createdAt' },
  list: (query) => api.get<Page<Specification>>(SPECIFICATIONS_URL, { ...query }),
  id: (item) => item.id,
  label: (item) => item.number,
  exports: {
    csv: { url: `${SPECIFICATIONS_URL}?format=csv`, filename: 'especificacoes.csv' },
    xlsx: { url: `${SPECIFICATIONS_URL}?format=xlsx`, filename: 'especificacoes.xlsx' },
  },
});

export const storeUsers = defineResource<StoreUser, z.infer<typeof storeUsersQuerySchema>>({
  name: 'report-store-users',
  query: storeUsersQuerySchema,
  list: (query) => api.get<Page<StoreUser>>('/cms/stores/get-all-stores-users', { ...query }),
  id: (user) => user.id,
  label: (user) => user.name,
  // The file carries every store user (the export has no filters).
  exports: {
    csv: { url: `${EXPORT_URL}?key=store-users&format=csv`, filename: 'usuarios-lojas.csv' },
    xlsx: { url: `${EXPORT_URL}?key=store-users&format=xlsx`, filename: 'usuarios-lojas.xlsx' },
  },
});
