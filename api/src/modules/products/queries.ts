import type { catalogueNamesQuerySchema, productsQuerySchema } from '@especifica/mf-shared/contracts';
import { count, countDistinct, eq, ne } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { listPage } from '../../kernel/list';

/** The catalogue's page; `active` filters by the flag (participants see the active products only). */
export function productsPage(db: Db, query: z.infer<typeof productsQuerySchema>, active: boolean | undefined) {
  return listPage(
    query,
    {
      rows: db.select().from(products).$dynamic(),
      count: db.select({ total: count() }).from(products).$dynamic(),
      where: [
        active !== undefined ? eq(products.active, active) : undefined,
        query.brand ? eq(products.brand, query.brand) : undefined,
        query.category ? eq(products.category, query.category) : undefined,
      ],
      search: [products.name, products.brand, products.sku],
      order: [products.name, products.id],
      sortable: {
        name: products.name,
        sku: products.sku,
        brand: products.brand,
        category: products.category,
        createdAt: products.createdAt,
      },
      id: products.id,
    },
    ({ imageKey, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      // The version makes a browser fetch a replaced picture at once (it is cached for an hour).
      image: imageKey ? `/api/products/${row.id}/image?v=${row.updatedAt.getTime()}` : null,
    }),
  );
}

/** Where a product's picture is stored, if it has one. */
export async function productImageKey(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ imageKey: products.imageKey }).from(products).where(eq(products.id, id));
  return row?.imageKey ?? null;
}

/** The brands or the categories of the catalogue, each with how many products have it. */
export function catalogueNamesPage(
  db: Db,
  column: typeof products.brand | typeof products.category,
  query: z.infer<typeof catalogueNamesQuerySchema>,
  activeOnly: boolean,
) {
  const productCount = count();
  return listPage(
    query,
    {
      rows: db.select({ name: column, products: productCount }).from(products).groupBy(column).$dynamic(),
      count: db
        .select({ total: countDistinct(column) })
        .from(products)
        .$dynamic(),
      where: [ne(column, ''), activeOnly ? eq(products.active, true) : undefined],
      search: [column],
      order: [column],
      sortable: { name: column, products: productCount },
      // A name is one row (grouped by it), so it breaks the ties of the product counts.
      id: column,
    },
    (row) => row,
  );
}
