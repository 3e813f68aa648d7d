import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { JobQueue } from '../../jobs';

/** The job that copies a bulk grant's cycles into the rankings (ranking_points), once the grant commits. */
export const RANKINGS_REFRESH_JOB = 'rankings.refresh';

/**
 * Runs `work` in `tx` with the rankings' copy deferred: the cycles it moves are listed for the refresh job, sent in
 * the same transaction, instead of copied into ranking_points while the caller waits (migration 0042). For a bulk
 * grant: 100,000 totals moved without a write to the rankings' index. The points, levels and extracts, which read
 * cycle_points, move with the transaction as ever; the rankings follow when the job runs, a moment after the commit.
 */
export async function deferringRankings<T>(tx: Db, jobs: Pick<JobQueue, 'send'>, work: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('especifica.rankings_deferred', 'on', true)`);
  const done = await work();
  await tx.execute(sql`select set_config('especifica.rankings_deferred', 'off', true)`);
  await jobs.send(RANKINGS_REFRESH_JOB, {}, tx);
  return done;
}

/** Copies every listed cycle into the rankings as cycle_points holds it now; returns how many. */
export async function refreshRankings(db: Db): Promise<number> {
  const [row] = rowsOf<{ copied: number }>(await db.execute(sql`select ranking_points_refresh() as copied`));
  return Number(row?.copied ?? 0);
}

/**
 * The refresh job. A run takes every listed cycle, whichever grant listed it: the runs of grants that commit close
 * together find most of their work done by the first. A failed run (the database away) is tried again, and a run
 * twice copies the same totals: the list is only emptied by a run that commits.
 */
export function defineRankingsRefresh(jobs: JobQueue, db: Db) {
  jobs.define({
    name: RANKINGS_REFRESH_JOB,
    // A run copies 100,000 cycles in a few seconds: one held by a process that died is taken again after 2 minutes.
    options: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
    async handler(_job, { log }) {
      const copied = await refreshRankings(db);
      if (copied > 0) log.info({ copied }, 'rankings refreshed');
    },
  });
}
