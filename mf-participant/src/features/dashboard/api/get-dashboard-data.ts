import { api, type Result } from '@especifica/mf-shared';
import type { DashboardData } from '@especifica/mf-shared/contracts';

export function getDashboardData(): Promise<Result<DashboardData>> {
  return api.get<DashboardData>('/professionals/get-dashboard-data');
}
