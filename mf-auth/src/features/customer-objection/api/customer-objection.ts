import { api, type Result } from '@especifica/mf-shared';
import type { CustomerNotice } from '@especifica/mf-shared/contracts';

/** The notice of a registered customer, read with the token of its link (docs/privacy.md). */
export const getNotice = (token: string): Promise<Result<CustomerNotice>> => api.get('/customers/notice', { token });

export const object = (body: { token: string; reason?: string }) =>
  api.post<{ msg: string }>('/customers/object', body);
