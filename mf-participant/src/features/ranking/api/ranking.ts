import { api, type Result } from '@especifica/mf-shared';
import type { RankingPage } from '@especifica/mf-shared/contracts';
import { queryKeys } from '@especifica/mf-shared/kit';

export const rankingKey = (page: number, limit: number) =>
  [...queryKeys.participant, 'seller-ranking', 'page', page, limit] as const;

/** The seller ranking of the shopkeeper's store in the cycle, with their own line wherever it falls. */
export const getRanking = (page: number, limit: number): Promise<Result<RankingPage>> =>
  api.get('/shopkeeper/seller-ranking', { page, limit });
