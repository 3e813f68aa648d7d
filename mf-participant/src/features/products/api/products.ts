import { api, type Result } from '@especifica/mf-shared';
import {
  type Accelerator,
  type Product,
  type ProductsQuery,
  productsQuerySchema,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';

/** The participating products (spec 7.8): the API answers only active ones to participants. */
export const products = defineResource<Product, ProductsQuery>({
  name: 'participant-products',
  query: productsQuerySchema,
  list: (query) => api.get<Page<Product>>('/products/get-all', { ...query }),
  id: (product) => product.id,
  label: (product) => product.name,
});

type Names = Page<{ name: string; products: number }>;
export const getBrands = (): Promise<Result<Names>> =>
  api.get('/products/get-all-brands', { limit: 100, page: 1, sort: 'name' });
export const getCategories = (): Promise<Result<Names>> =>
  api.get('/products/get-all-categories', { limit: 100, page: 1, sort: 'name' });

/** The running accelerators that multiply a product's points: by the product itself, its brand or its category. */
export const acceleratorsFor = (product: Product, running: Accelerator[]) =>
  running.filter(
    (accelerator) =>
      (accelerator.targetType === 'product' && accelerator.targetValue === product.id) ||
      (accelerator.targetType === 'brand' && accelerator.targetValue === product.brand) ||
      (accelerator.targetType === 'category' && accelerator.targetValue === product.category),
  );
