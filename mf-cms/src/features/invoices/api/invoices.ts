import { api, type Result } from '@especifica/mf-shared';
import {
  type Invoice,
  type InvoicesQuery,
  invoiceMessages,
  invoicesQuerySchema,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';
import { z } from 'zod/mini';

/** The review queue (spec 7.9): every invoice, oldest first, filtered by status, store and origin. */
export const invoiceQueue = defineResource<Invoice, InvoicesQuery>({
  name: 'cms-invoices',
  query: invoicesQuerySchema,
  defaults: { sort: 'createdAt' },
  list: (query) => api.get<Page<Invoice>>('/cms/professionals/invoices/get-all', { ...query }),
  id: (invoice) => invoice.id,
  label: (invoice) => `${invoice.number}/${invoice.series}`,
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
