// Rankings: professionals, stores and sellers by points earned in a period; reports export them.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.

export { type Period, periodOf, professionalsRanked, type RankedEntity, sellersRanked, storesRanked } from './queries';
export { deferringRankings, defineRankingsRefresh, RANKINGS_REFRESH_JOB, refreshRankings } from './refresh';
export { rankingRoutes } from './routes';
