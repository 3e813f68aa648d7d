import { api, type Result } from '@especifica/mf-shared';
import {
  type Invoice,
  type InvoicesQuery,
  invoiceMessages,
  invoicesQuerySchema,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';
import { z } from 'zod/mini';

/** The export of an invoice list as filtered (the specifications sheet), as CSV or XLSX. */
const exportsOf = (name: string) => ({
  csv: { url: '/cms/professionals/invoices/export', filename: `${name}.csv` },
  xlsx: { url: '/cms/professionals/invoices/export?format=xlsx', filename: `${name}.xlsx` },
});

/** The review queue (spec 7.9): every invoice, oldest first, filtered by status, store and origin. */
export const invoiceQueue = defineResource<Invoice, InvoicesQuery>({
  name: 'cms-invoices',
  query: invoicesQuerySchema,
  defaults: { sort: 'createdAt' },
  list: (query) => api.get<Page<Invoice>>('/cms/professionals/invoices/get-all', { ...query }),
  id: (invoice) => invoice.id,
  label: (invoice) => `${invoice.number}/${invoice.series}`,
  exports: exportsOf('notas-fiscais'),
});

export type InvoiceOrigin = 'professional' | 'shopkeeper';

/**
 * The invoices of one origin (the CMS menus' specifications and shops' invoices): the queue's own resource with the
 * origin in its defaults (so in its query and cache key), under the same cache name, so that a decision in any of
 * them refreshes all.
 */
export const invoicesOf = (origin: InvoiceOrigin) =>
  defineResource<Invoice, InvoicesQuery>({
    ...invoiceQueue,
    defaults: { ...invoiceQueue.defaults, submittedBy: origin },
    exports: exportsOf(`notas-${origin}`),
  });

/** One professional's invoices (their page in the CMS). */
export const invoicesOfProfessional = (professionalId: string) =>
  defineResource<Invoice, InvoicesQuery>({
    ...invoiceQueue,
    defaults: { sort: '-createdAt', professionalId },
  });

export interface StoreOption {
  id: string;
  name: string;
}

/** The stores of the store filter, by name. */
export const storeOptions = (): Promise<Result<Page<StoreOption>>> =>
  api.get<Page<StoreOption>>('/cms/stores/get-all', { limit: 100, page: 1, sort: 'name' });

export type InvoiceDecision = { status: 'approved' } | { status: 'cancelled' } | { status: 'rejected'; reason: string };

export const decideInvoice = (invoice: Invoice, decision: InvoiceDecision) =>
  api.post<{ msg: string; item: Invoice }>('/cms/professionals/invoices/change-status', {
    id: invoice.id,
    ...decision,
  });

export const invoiceFileUrl = (invoice: Invoice) => `/cms/professionals/invoices/${invoice.id}/file`;

export const rejectSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1, invoiceMessages.reason), z.maxLength(500, invoiceMessages.reason)),
});
export type RejectValues = z.infer<typeof rejectSchema>;
