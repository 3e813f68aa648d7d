import { api, type Result } from '@especifica/mf-shared';
import type { Invoice, InvoicesQuery, InvoiceTimeline } from '@especifica/mf-shared/contracts';
import { deferredQuerySchema, defineResource, type Page, queryKeys, resourceKey } from '@especifica/mf-shared/kit';

// What the list of invoices and an invoice's detail need, without zod: the list's query contract arrives after the
// list's first screen (deferredQuerySchema), and the sending form's checks are in ./invoices, loaded with the form.

export type Audience = 'professional' | 'shopkeeper';
export const base = (audience: Audience) => (audience === 'shopkeeper' ? '/shopkeeper' : '/professionals');

const invoicesQuery = deferredQuerySchema<InvoicesQuery>(() =>
  import(/* webpackExports: ["invoicesQuerySchema"] */ '@especifica/mf-shared/contracts').then(
    (contracts) => contracts.invoicesQuerySchema,
  ),
);

/** The invoices a professional sent, or the sales a shopkeeper registered (spec 7.10, 7.11). */
export const invoicesOf = (audience: Audience) =>
  defineResource<Invoice, InvoicesQuery>({
    name: `participant-invoices-${audience}`,
    query: invoicesQuery,
    list: (query) => api.get<Page<Invoice>>(`${base(audience)}/invoices/get-all`, { ...query }),
    id: (invoice) => invoice.id,
    label: (invoice) => `NF ${invoice.number}`,
  });

/** A sent invoice moves the list, the dashboard's pending box and the header's standing. */
export const sentInvalidates = (audience: Audience) => [resourceKey(invoicesOf(audience)), queryKeys.participant];

export const timelineKey = (id: string) => [...queryKeys.participant, 'invoice-timeline', id] as const;
export const getTimeline = (audience: Audience, id: string): Promise<Result<InvoiceTimeline>> =>
  api.get(`${base(audience)}/invoices/${id}/timeline`);

/** Rules per profession: the professional declares that the buyer of a waiting invoice was told (docs/privacy.md). */
export const declareDisclosure = (id: string) =>
  api.post<{ msg: string }>(`/professionals/invoices/${id}/declare-disclosure`);
