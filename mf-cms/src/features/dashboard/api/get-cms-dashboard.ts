import { api, type Result } from '@especifica/mf-shared';
import type { CmsDashboard, Invoice } from '@especifica/mf-shared/contracts';
import { type Page, queryKeys } from '@especifica/mf-shared/kit';

export function getCmsDashboard(): Promise<Result<CmsDashboard>> {
  return api.get<CmsDashboard>('/cms/dashboard/get-all');
}

/** The review queue's head: pending invoices, oldest first. */
export function getOldestPending(): Promise<Result<Page<Invoice>>> {
  return api.get('/cms/professionals/invoices/get-all', { status: 'pending', limit: 5, page: 1, sort: 'createdAt' });
}

/** Every dashboard file (`key` names the report, `format` csv or xlsx) streams from here. */
export const dashboardExportUrl = '/cms/dashboard/get-data-to-export';

/** The programme's figures and the oldest pending invoices, as the dashboard reads them. */
export const cmsDashboardKeys = {
  figures: [...queryKeys.cms, 'dashboard'] as const,
  oldestPending: [...queryKeys.cms, 'invoices', 'oldest-pending'] as const,
};
