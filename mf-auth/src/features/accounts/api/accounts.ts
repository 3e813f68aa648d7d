import { api } from '@especifica/mf-shared';
import type { AccountSummary, LoginResponse, Role } from '@especifica/mf-shared/contracts';

export const listAccounts = () => api.get<{ accounts: AccountSummary[] }>('/auth/accounts');

export const switchAccount = (id: string, role: Role) => api.post<LoginResponse>('/auth/switch-account', { id, role });
