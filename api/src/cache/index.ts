import type { Database } from '../db/client';
import type { Standing } from '../domain/levels';
import type { SessionAccount } from '../kernel/principal';
import { type ChangeFeed, followChanges } from './changes';
import { ReadCache } from './read-cache';

/** The two reads that every signed-in page makes: the session check and the participant's points and level. */
export interface ReadCaches {
  changes: ChangeFeed;
  /** "role:id" → the columns of the session check (null: no such account). */
  sessions: ReadCache<SessionAccount | null>;
  /** "kind:id" → balance, points earned in the cycle and the level table. */
  standings: ReadCache<Standing>;
  /**
   * A ranking's counts (how many take part, how many are ahead of someone), by their query: counting 100,000
   * participants on every page is most of a ranking's time. Any points moved, account changed or rankings' copy
   * refreshed by the job after a grant (topic `ranking`) forgets them all.
   */
  rankingCounts: ReadCache<number>;
}

/** Room for every account of a large programme; an entry is a few hundred bytes. */
const ENTRIES = 100_000;

export async function createReadCaches(database: Database, onError: (error: Error) => void): Promise<ReadCaches> {
  const changes = await followChanges(database, onError);
  return {
    changes,
    sessions: new ReadCache(changes, ['account'], ENTRIES),
    standings: new ReadCache(changes, ['standing'], ENTRIES),
    rankingCounts: new ReadCache(changes, ['standing', 'account', 'ranking'], ENTRIES, { whole: true }),
  };
}
