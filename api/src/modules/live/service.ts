import type { ServerResponse } from 'node:http';
import type { Change, ChangeFeed } from '../../cache/changes';
import type { Db } from '../../db/client';
import { lastNotificationSeq, notificationsAfter, type Recipient } from './queries';

/** A comment line this often keeps proxies and browsers from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/** What the browser waits before reconnecting after the stream ends (the SSE `retry` field). */
const RETRY_MS = 3_000;
const BATCH = 100;

interface Stream {
  recipient: Recipient;
  /** Reads the table for what this stream has not sent yet. */
  pump(): void;
  points(): void;
  end(): void;
}

/**
 * The open streams of this process, woken by the database's announcements (migration 0021: `notification`, and
 * 0007: `standing`), which reach every replica. An announcement only says whose stream to look at: what is sent is
 * read from the notifications table, so a lost announcement delays an event until the next one or the next
 * heartbeat, and never loses it.
 */
export class LiveHub {
  private readonly streams = new Map<string, Set<Stream>>();

  constructor(changes: Pick<ChangeFeed, 'subscribe'>) {
    changes.subscribe((change) => this.onChange(change));
  }

  private onChange({ topic, keys }: Change) {
    const all = topic === '*' || keys === null;
    if (topic !== '*' && topic !== 'notification' && topic !== 'standing') return;
    const targets = all ? [...this.streams.values()] : keys.flatMap((key) => this.streams.get(key) ?? []);
    for (const set of targets) {
      for (const stream of set) {
        if (topic !== 'standing') stream.pump();
        if (topic !== 'notification') stream.points();
      }
    }
  }

  add(stream: Stream): () => void {
    const key = `${stream.recipient.kind}:${stream.recipient.id}`;
    const set = this.streams.get(key) ?? new Set<Stream>();
    this.streams.set(key, set);
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0) this.streams.delete(key);
    };
  }

  /** Ends every stream (the app is closing: an open stream would hold its server). */
  endAll() {
    for (const set of this.streams.values()) for (const stream of set) stream.end();
  }

  get size() {
    let size = 0;
    for (const set of this.streams.values()) size += set.size;
    return size;
  }
}

/** `Last-Event-ID` (or `?lastEventId=`, for a first connection that cannot set headers) as a notification seq. */
export function parseLastEventId(value: unknown): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && /^\d{1,15}$/.test(text) ? Number(text) : null;
}

const frame = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Streams `recipient`'s events on `res` until the client goes: first the notifications after `lastEventId`, then each
 * new one as it is committed (`notification`, its `seq` as the event id), a `points` event when their points moved,
 * and a comment line every `heartbeatMs`.
 */
export async function openStream(
  deps: { db: Db; hub: LiveHub; heartbeatMs?: number; onError(error: Error): void },
  recipient: Recipient,
  lastEventId: number | null,
  res: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  const { db, hub } = deps;
  let cursor = lastEventId ?? (await lastNotificationSeq(db, recipient));
  let closed = false;
  let running = false;
  let again = false;

  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx passes the stream on as it comes instead of buffering it (docker/nginx.conf turns buffering off too).
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${RETRY_MS}\n${frame('ready', { lastEventId: cursor }, cursor)}`);

  const pump = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        for (;;) {
          const rows = await notificationsAfter(db, recipient, cursor, BATCH);
          if (closed) return;
          for (const row of rows) {
            res.write(frame('notification', { ...row, createdAt: row.createdAt.toISOString() }, row.seq));
            cursor = row.seq;
          }
          if (rows.length < BATCH) break;
        }
      } while (again && !closed);
    } catch (error) {
      // The client reconnects with the last id it got and is replayed from there.
      deps.onError(error as Error);
      end();
    } finally {
      running = false;
    }
  };
  const heartbeat = setInterval(() => {
    res.write(': ping\n\n');
    void pump();
  }, deps.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  const stream: Stream = {
    recipient,
    pump: () => void pump(),
    points: () => {
      if (!closed) res.write(frame('points', {}));
    },
    end,
  };
  const remove = hub.add(stream);
  function end() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    remove();
    res.end();
  }
  res.on('close', end);
  // What was missed while away, and what came between the first read of the cursor and the subscription.
  await pump();
}
