import { api, type Result } from '@especifica/mf-shared';
import { type Product, productsQuerySchema } from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';
import type { z } from 'zod/mini';

export type ProductsQuery = z.infer<typeof productsQuerySchema>;

/** The catalogue (spec 7.8): every product, active or not, with its status switch. */
export const cmsProducts = defineResource<Product, ProductsQuery>({
  name: 'cms-products',
  query: productsQuerySchema,
  defaults: { sort: 'name' },
  list: (query) => api.get<Page<Product>>('/products/get-all', { ...query }),
  id: (product) => product.id,
  label: (product) => product.name,
  status: {
    isActive: (product) => product.active,
    change: (product, active) => api.post('/products/change-status', { id: product.id, active }),
  },
});

export interface CatalogueName {
  name: string;
  products: number;
}

/** The brands or the categories of the filters, by name (the first 100: the select shows them all). */
export const catalogueNames = (kind: 'brands' | 'categories'): Promise<Result<Page<CatalogueName>>> =>
  api.get<Page<CatalogueName>>(`/products/get-all-${kind}`, { limit: 100, page: 1, sort: 'name' });
