import { api, type Result } from '@especifica/mf-shared';
import type { CmsDashboard } from '@especifica/mf-shared/contracts';

export function getCmsDashboard(): Promise<Result<CmsDashboard>> {
  return api.get<CmsDashboard>('/cms/dashboard/get-all');
}
