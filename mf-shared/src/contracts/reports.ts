import { z } from 'zod/mini';
import { pageOf, sortQuery } from './common';
import { dateSchema, listQuerySchema } from './fields';
import { invoiceStatusSchema, invoicesQuerySchema } from './invoices';

// Reports and exports (spec 7.5; domain: rankings and reports). An export streams as CSV or XLSX; any cell that a
// spreadsheet would run as a formula (=, +, -, @) is neutralised.

export const exportFormatSchema = z.enum(['csv', 'xlsx'], 'Escolha o formato: csv ou xlsx.');
export const exportKeys = [
  'specifications',
  'store-users',
  'professionals-ranking',
  'stores-ranking',
  'sellers-ranking',
  'dashboard',
  'users-with-social-media',
] as const;

export const exportQuerySchema = z.object({
  key: z.enum(exportKeys, 'Escolha um relatório para exportar.'),
  format: z._default(exportFormatSchema, 'csv'),
  from: z.optional(dateSchema()),
  to: z.optional(dateSchema()),
  year: z.optional(z.coerce.number().check(z.int('Digite um ano válido.'), z.minimum(2000), z.maximum(2100))),
});

/** The CMS invoice lists' export: the list's own filters, the whole filtered list in one file. */
export const invoicesExportQuerySchema = z.extend(invoicesQuerySchema, {
  format: z._default(exportFormatSchema, 'csv'),
});

export const specificationsQuerySchema = z.extend(listQuerySchema, {
  sort: sortQuery(['issuedOn', 'createdAt', 'number', 'total', 'points', 'status']),
  status: z.optional(invoiceStatusSchema),
  from: z.optional(dateSchema()),
  to: z.optional(dateSchema()),
  /** Set to download the whole filtered list instead of a page. */
  format: z.optional(exportFormatSchema),
});

export const specificationSchema = z.object({
  id: z.string(),
  issuedOn: z.string(),
  number: z.string(),
  series: z.string(),
  status: invoiceStatusSchema,
  total: z.number(),
  points: z.number(),
  bonusPoints: z.number(),
  professional: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  store: z.object({ id: z.string(), name: z.string(), cnpj: z.string() }),
  createdAt: z.string(),
});
export const specificationsPageSchema = pageOf(specificationSchema);

export const socialMediaQuerySchema = z.extend(listQuerySchema, {
  format: z.optional(exportFormatSchema),
  sort: sortQuery(['name', 'email']),
});
export const socialMediaUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  profession: z.nullable(z.string()),
  instagram: z.nullable(z.string()),
  facebook: z.nullable(z.string()),
  behance: z.nullable(z.string()),
  pinterest: z.nullable(z.string()),
});
export const socialMediaUsersPageSchema = pageOf(socialMediaUserSchema);
