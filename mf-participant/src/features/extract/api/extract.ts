import { api, type Result } from '@especifica/mf-shared';
import type {
  Extract,
  ExtractPeriodQuery,
  ExtractTotals,
  extractQuerySchema,
  InvoiceTimeline,
} from '@especifica/mf-shared/contracts';
import { deferredQuerySchema, queryKeys } from '@especifica/mf-shared/kit';
import type { z } from 'zod/mini';

export type ExtractQuery = z.infer<typeof extractQuerySchema>;

/** The extract's query contract, which arrives after the extract's first screen (deferredQuerySchema): zod is not needed to draw it. */
export const extractQuery = deferredQuerySchema<ExtractQuery>(() =>
  import(/* webpackExports: ["extractQuerySchema"] */ '@especifica/mf-shared/contracts').then(
    (contracts) => contracts.extractQuerySchema,
  ),
);

// Under `participant`: anything that moves the points (a redemption, an approval) refreshes the extract too.
export const extractKeys = {
  page: (query: ExtractQuery) => [...queryKeys.participant, 'extract', 'page', query] as const,
  totals: (period: ExtractPeriodQuery) => [...queryKeys.participant, 'extract', 'totals', period] as const,
  computation: (invoiceId: string) => [...queryKeys.participant, 'invoice-timeline', invoiceId] as const,
};

export const periodOf = ({ kind, from, to }: ExtractQuery): ExtractPeriodQuery => ({ kind, from, to });

export const getExtract = (query: ExtractQuery): Promise<Result<Extract>> =>
  api.get('/professionals/extract/get-all', { ...query });

export const getExtractTotals = (period: ExtractPeriodQuery): Promise<Result<ExtractTotals>> =>
  api.get('/professionals/extract/totals', { ...period });

export const EXTRACT_CSV_URL = '/professionals/extract/export';

/** How a professional's invoice earned its points. */
export const getInvoiceComputation = (invoiceId: string): Promise<Result<InvoiceTimeline>> =>
  api.get(`/professionals/invoices/${invoiceId}/timeline`);
