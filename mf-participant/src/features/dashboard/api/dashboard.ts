import { api, type Result } from '@especifica/mf-shared';
import type {
  DashboardData,
  Extract,
  Invoice,
  OpenCampaigns,
  ParticipantExperience,
  RankingPage,
} from '@especifica/mf-shared/contracts';
import { type Page, queryKeys } from '@especifica/mf-shared/kit';

// Everything here is the participant's standing or moves with it: a change that invalidates `participant` refreshes it.
export const dashboardKeys = {
  data: [...queryKeys.participant, 'dashboard'] as const,
  extract: [...queryKeys.participant, 'extract', 'latest'] as const,
  pending: [...queryKeys.participant, 'invoices', 'pending'] as const,
  experiences: [...queryKeys.participant, 'experiences', 'dashboard'] as const,
  ranking: [...queryKeys.participant, 'seller-ranking', 'dashboard'] as const,
  campaigns: [...queryKeys.participant, 'points-extra', 'open'] as const,
};

export const getDashboardData = (): Promise<Result<DashboardData>> => api.get('/professionals/get-dashboard-data');

/** The last 5 movements and what expires in the next 90 days. */
export const getLatestMovements = (): Promise<Result<Extract>> =>
  api.get('/professionals/extract/get-all', { limit: 5, page: 1 });

export const getPendingInvoices = (): Promise<Result<Page<Invoice>>> =>
  api.get('/professionals/invoices/get-all', { status: 'pending', limit: 5, page: 1 });

export const getUpcomingExperiences = (): Promise<Result<Page<ParticipantExperience>>> =>
  api.get('/professionals/experiences/get-all', { limit: 12, page: 1 });

export const getSellerRanking = (): Promise<Result<RankingPage>> =>
  api.get('/shopkeeper/seller-ranking', { limit: 3, page: 1 });

/** The campaigns of the participant's audience running now that they have not taken yet (taken by QR code). */
export const getOpenCampaigns = (): Promise<Result<OpenCampaigns>> => api.get('/professionals/points-extra/open');
