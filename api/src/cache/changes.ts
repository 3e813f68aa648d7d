import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Listening } from '../db/client';

/** The channel on which the database's triggers (migration 0007) announce what changed. */
export const CHANGES_CHANNEL = 'especifica_changes';

/**
 * What a trigger announced: every key of a topic (`keys` null), or some of them. Topics: `account` ("role:id", the
 * columns of a session check), `standing` ("kind:id", a participant's points; the level table flushes it all) and
 * `ranking` (whole: the rankings' copy of the points moved, migration 0042).
 */
export interface Change {
  topic: string;
  keys: string[] | null;
}

export type ChangeListener = (change: Change) => void;

/** Payloads: `topic`, `topic:key,key,…`, or `sync:nonce` (sent by `sync()` itself). */
export function parseChange(payload: string): Change | { sync: string } {
  const colon = payload.indexOf(':');
  if (colon < 0) return { topic: payload, keys: null };
  const topic = payload.slice(0, colon);
  const rest = payload.slice(colon + 1);
  if (topic === 'sync') return { sync: rest };
  return { topic, keys: rest.split(',').filter(Boolean) };
}

export interface ChangeFeed {
  /** True while the database's announcements reach this process; a cache must not answer while it is false. */
  readonly live: boolean;
  subscribe(listener: ChangeListener): void;
  /**
   * Resolves once every change committed before the call has reached the listeners: PostgreSQL delivers
   * notifications in commit order, so the echo of one sent now comes after all of them.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

const SYNC_TIMEOUT_MS = 2_000;
const RETRY_MS = [100, 500, 2_000, 5_000];

/**
 * Follows the changes channel of `database`, and reconnects when its connection is lost. While it is down (and
 * right after it comes back, since announcements may have been missed) every listener is told that everything
 * changed, and `live` is false.
 */
export async function followChanges(
  database: Pick<Database, 'listen' | 'db'>,
  onError: (error: Error) => void = () => undefined,
): Promise<ChangeFeed> {
  const listeners: ChangeListener[] = [];
  const waiting = new Map<string, () => void>();
  let listening: Listening | null = null;
  let live = false;
  let closed = false;
  let attempt = 0;

  const everything = () => {
    for (const listener of listeners) listener({ topic: '*', keys: null });
  };
  const onMessage = (payload: string) => {
    const change = parseChange(payload);
    if ('sync' in change) {
      waiting.get(change.sync)?.();
      return;
    }
    for (const listener of listeners) listener(change);
  };
  const onLost = (error: Error) => {
    if (closed) return;
    live = false;
    everything();
    onError(error);
    const stale = listening;
    listening = null;
    void stale?.close();
    setTimeout(connect, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]).unref();
    attempt += 1;
  };
  async function connect() {
    if (closed) return;
    try {
      listening = await database.listen(CHANGES_CHANNEL, onMessage, onLost);
      if (closed) return void (await listening.close());
      attempt = 0;
      everything();
      live = true;
    } catch (error) {
      onLost(error as Error);
    }
  }
  await connect();

  return {
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async sync() {
      if (!live) return;
      const nonce = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const echoed = new Promise<boolean>((resolve) => {
        waiting.set(nonce, () => resolve(true));
        timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
      });
      try {
        await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${`sync:${nonce}`})`);
        // Without the echo nothing can be said of what the listeners have seen: forget everything.
        if (!(await echoed)) everything();
      } catch (error) {
        everything();
        onError(error as Error);
      } finally {
        clearTimeout(timer);
        waiting.delete(nonce);
      }
    },
    async close() {
      closed = true;
      live = false;
      await listening?.close();
      listening = null;
    },
  };
}
