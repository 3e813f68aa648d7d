import { api, type Result } from '@especifica/mf-shared';
import { queryKeys } from '@especifica/mf-shared/kit';

export interface Campaign {
  id: string;
  name: string;
  description: string;
  points: number;
  startsAt: string;
  endsAt: string;
  open: boolean;
  subscribed: boolean;
}

export const campaignKey = (id: string) => [...queryKeys.participant, 'campaign', id] as const;
export const getCampaign = (id: string): Promise<Result<Campaign>> => api.get(`/professionals/points-extra/${id}`);
/** Taking the campaign carries the secret code of its QR code: the id alone takes nothing. */
export const takeCampaign = (id: string, code: string) =>
  api.post<{ msg: string; points: number }>('/professionals/points-extra/subscribed', { id, code });
