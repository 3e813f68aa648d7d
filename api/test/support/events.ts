import { bearer } from './app';

export interface LiveEvent {
  id: string | null;
  event: string;
  data: Record<string, unknown>;
}

/** A client of GET /api/events over real HTTP, as the browser's fetch reads it. */
export async function openEvents(base: string, token: string | null, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { accept: 'text/event-stream', ...(token ? bearer(token) : {}), ...headers },
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  const waiters: (() => void)[] = [];
  let raw = '';
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          raw += decoder.decode(chunk, { stream: true });
          let end = raw.indexOf('\n\n');
          while (end >= 0) {
            const block = raw.slice(0, end);
            raw = raw.slice(end + 2);
            const fields = new Map<string, string>();
            for (const line of block.split('\n')) {
              const colon = line.indexOf(':');
              if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
            }
            if (fields.has('event')) {
              events.push({
                id: fields.get('id') ?? null,
                event: fields.get('event') ?? '',
                data: JSON.parse(fields.get('data') ?? '{}'),
              });
              for (const wake of waiters.splice(0)) wake();
            }
            end = raw.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  return {
    response,
    events,
    /** The first event that matches, waiting for it up to `ms`. */
    async next(match: (event: LiveEvent) => boolean, ms = 10_000): Promise<LiveEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such event; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => controller.abort(),
  };
}
