// Contracts use zod/mini: the same schemas validate on the server and in the browser, where its
// functional API keeps only the checks a screen uses (classic zod costs ~37 KB gzip on the login page).
import { z } from 'zod/mini';

export const roles = ['admin', 'professional', 'shopkeeper'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const shopkeeperTypes = ['seller', 'manager', 'consultant'] as const;
export const shopkeeperTypeSchema = z.enum(shopkeeperTypes);
export type ShopkeeperType = z.infer<typeof shopkeeperTypeSchema>;

/** Every error the API answers: a pt-BR sentence a person can act on, and a stable code for programs. */
export const apiErrorSchema = z.object({
  msg: z.string(),
  code: z.optional(z.string()),
  data: z.optional(z.unknown()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Lists take limit and page; answers carry items, total, page and limit. */
export const pageQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A list's `sort` value: `field` orders ascending, `-field` descending. */
export type SortKey<F extends string> = F | `-${F}`;

/** The fields of a list query's `sort` type: `SortFields<Query['sort']>`. */
export type SortFields<S extends string | undefined> = S extends `-${infer F}` ? F : never;

export const sortMessage = 'Ordenação inválida.';

/**
 * The `sort` query parameter of a list: one of `fields` (ascending) or `-field` (descending). Each list declares
 * its own fields, so the server and a screen agree on them; without it a list keeps its own default order.
 */
export const sortQuery = <const F extends string>(fields: readonly F[]) =>
  z.optional(
    z.enum(fields.flatMap((field) => [field, `-${field}`]) as [SortKey<F>, ...SortKey<F>[]], { error: sortMessage }),
  );

export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().check(z.int()),
    page: z.number().check(z.int()),
    limit: z.number().check(z.int()),
  });
