import { api, type Result } from '@especifica/mf-shared';
import type { MarketingPurpose, PrivacyData, Task } from '@especifica/mf-shared/contracts';

export const privacyKey = ['privacy'] as const;

/** What the programme holds about the person, their acceptances and their marketing choices (docs/privacy.md). */
export const getPrivacyData = (): Promise<Result<PrivacyData>> => api.get('/professionals/privacy/get-data');

/** The copies of one's data still kept (7 days), newest first: a task of kind `privacy:copy` (docs/privacy.md). */
export const COPY_KIND = 'privacy:copy';
export const copiesKey = [...privacyKey, 'copies'] as const;
export const getCopies = (): Promise<Result<{ items: Task[] }>> => api.get('/tasks', { kind: COPY_KIND });
export const requestCopy = () => api.post<Task>('/professionals/privacy/request-copy');

export const requestDeletion = (values: { password: string }) =>
  api.post<{ msg: string }>('/professionals/privacy/request-deletion', values);

export const updateConsent = (change: { purpose: MarketingPurpose; given: boolean }) =>
  api.post<{ msg: string }>('/professionals/privacy/update-consent', change);
