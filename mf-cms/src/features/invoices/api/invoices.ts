import { api, type Result } from '@especifica/mf-shared';
import {
  type AdminInvoiceTimeline,
  type ApproveManyResult,
  type ConferenceQuery,
  conferenceQuerySchema,
  fieldMessages,
  type Invoice,
  type InvoicesQuery,
  invoiceMessages,
  invoicesQuerySchema,
} from '@especifica/mf-shared/contracts';
import type { Resolver, ResolverResult } from '@especifica/mf-shared/forms';
import { defineResource, type Page, resourceKey } from '@especifica/mf-shared/kit';
import { z } from 'zod/mini';

/** The export of an invoice list as filtered (the specifications sheet), as CSV or XLSX. */
const exportsOf = (name: string) => ({
  csv: { url: '/cms/professionals/invoices/export', filename: `${name}.csv` },
  xlsx: { url: '/cms/professionals/invoices/export?format=xlsx', filename: `${name}.xlsx` },
});

/**
 * The review queue (spec 7.9, screens.md): every invoice, the pending ones first, the oldest sent first, then the
 * others, the newest first; filtered by status, store, origin, risk flag and past review deadline.
 */
export const invoiceQueue = defineResource<Invoice, InvoicesQuery>({
  name: 'cms-invoices',
  query: invoicesQuerySchema,
  defaults: { sort: 'queue' },
  list: (query) => api.get<Page<Invoice>>('/cms/professionals/invoices/get-all', { ...query }),
  id: (invoice) => invoice.id,
  label: (invoice) => `${invoice.number}/${invoice.series}`,
  exports: exportsOf('notas-fiscais'),
});

/**
 * The conferência (docs/invoice-trust.md): the automatic approvals sampled for a person to check after the fact, the
 * oldest approval first; under the queue's cache name, so that a confirmation or a cancellation refreshes both.
 */
export const conferenceList = defineResource<Invoice, ConferenceQuery>({
  name: invoiceQueue.name,
  query: conferenceQuerySchema,
  defaults: { state: 'pending' },
  list: (query) => api.get<Page<Invoice>>('/cms/professionals/invoices/conference/get-all', { ...query }),
  id: (invoice) => invoice.id,
  label: invoiceQueue.label,
});

/** Confirms a sampled automatic approval: it leaves the list of those to check. */
export const confirmConference = (invoice: Invoice) =>
  api.post<{ msg: string; item: Invoice }>('/cms/professionals/invoices/conference/confirm', { id: invoice.id });

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

/** Under the queue's cache name: a decision, which refreshes the queue, refreshes the timeline too. */
export const reviewTimelineKey = (id: string) => [...resourceKey(invoiceQueue), 'timeline', id] as const;
export const reviewTimeline = (id: string): Promise<Result<AdminInvoiceTimeline>> =>
  api.get<AdminInvoiceTimeline>(`/cms/professionals/invoices/${id}/timeline`);

export const invoiceFileKey = (id: string) => [...resourceKey(invoiceQueue), 'file', id] as const;
/** The invoice's file as a Blob, through the authenticated download, to show it inline. */
export const invoiceFile = async (invoice: Invoice): Promise<Result<Blob>> => {
  const [file, error] = await api.download(invoiceFileUrl(invoice));
  return file ? [file.blob, null] : [null, error];
};

/**
 * How far below zero cancelling takes the professional's balance (points), or 0 when it stays at or above zero:
 * the points the invoice gave come back out of what is left of them.
 */
export const shortfallOf = (invoice: Invoice, balance: number) =>
  Math.max(0, Math.round((invoice.points + invoice.bonusPoints - balance) * 100) / 100);

/** Approves the pending invoices chosen in the queue, each on its own; answers which could not be and why. */
export const approveMany = (ids: string[]) =>
  api.post<ApproveManyResult>('/cms/professionals/invoices/approve-many', { ids });

/** The products form: quantity as typed (pt-BR decimal comma), the line's total in reais (null when empty). */
export interface ProductValues {
  lines: { sku: string; description: string; quantity: string; total: number | null }[];
}

const quantityOf = (text: string) => Number(text.trim().replace(/\./g, '').replace(',', '.'));

/** Each line checked with the contract's own pt-BR messages before it is sent. */
export const productsResolver: Resolver<ProductValues> = async (values) => {
  const lines = values.lines.map((line) => {
    const wrong: Record<string, { type: string; message: string }> = {};
    if (line.sku.trim() === '') wrong.sku = { type: 'validate', message: invoiceMessages.sku };
    const quantity = quantityOf(line.quantity);
    if (!(quantity > 0 && quantity < 1e9)) wrong.quantity = { type: 'validate', message: invoiceMessages.quantity };
    if (typeof line.total !== 'number' || Number.isNaN(line.total) || line.total < 0) {
      wrong.total = { type: 'validate', message: fieldMessages.money };
    }
    return wrong;
  });
  return lines.some((line) => Object.keys(line).length > 0)
    ? ({ values: {}, errors: { lines } } as unknown as ResolverResult<ProductValues>)
    : { values, errors: {} };
};

export const updateProducts = (invoice: Invoice, values: ProductValues) =>
  api.post<{ msg: string; item: Invoice }>('/cms/professionals/invoices/update-products', {
    id: invoice.id,
    lines: values.lines.map((line) => ({
      sku: line.sku.trim(),
      description: line.description.trim(),
      quantity: quantityOf(line.quantity),
      total: line.total ?? 0,
    })),
  });
