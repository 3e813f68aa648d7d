import { api, type Result } from '@especifica/mf-shared';
import type { MarketingPurpose, PrivacyData } from '@especifica/mf-shared/contracts';

export const privacyKey = ['privacy'] as const;

/** What the programme holds about the person, their acceptances and their marketing choices (docs/privacy.md). */
export const getPrivacyData = (): Promise<Result<PrivacyData>> => api.get('/professionals/privacy/get-data');

export const updateConsent = (change: { purpose: MarketingPurpose; given: boolean }) =>
  api.post<{ msg: string }>('/professionals/privacy/update-consent', change);
