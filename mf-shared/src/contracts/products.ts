import { z } from 'zod/mini';
import { pageOf, pageQuerySchema, sortQuery } from './common';
import { listQuerySchema } from './fields';

// The catalogue (spec 7.8): imported from CSV, read by everybody, only active products for participants.

export const productSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  /** The picture's address under /api (16:9), or null. */
  image: z.nullable(z.string()),
});
export type Product = z.infer<typeof productSchema>;
export const productsPageSchema = pageOf(productSchema);

export const productsQuerySchema = z.extend(listQuerySchema, {
  sort: sortQuery(['name', 'sku', 'brand', 'category', 'createdAt']),
  brand: z.optional(z.string().check(z.maxLength(120))),
  category: z.optional(z.string().check(z.maxLength(120))),
});

/** Brands or categories with how many products carry each. */
export const catalogueNamesPageSchema = pageOf(z.object({ name: z.string(), products: z.number() }));
export const catalogueNamesQuerySchema = z.extend(pageQuerySchema, {
  sort: sortQuery(['name', 'products']),
  search: z.optional(z.string().check(z.maxLength(120))),
});
