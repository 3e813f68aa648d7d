/**
 * A reader of the API's live stream (GET /api/events, Server-Sent Events) over fetch, which, unlike the browser's
 * EventSource, sends the session's bearer token as every other call does. It reconnects by itself with the last
 * event's id (`Last-Event-ID`), so the server replays what was missed.
 */
export interface LiveEvent {
  event: string;
  id: string | null;
  data: unknown;
}

export interface FollowOptions {
  url: string;
  /** The session's headers, read at each connection (a token may have changed). */
  headers: () => Record<string, string>;
  onEvent: (event: LiveEvent) => void;
  /** Each (re)connection, once the server has answered 200; `first` is false after a break. */
  onOpen?: (first: boolean) => void;
  fetch?: typeof fetch;
}

/** The longest wait between two attempts; the first waits the server's `retry` (3 s). */
const MAX_WAIT_MS = 30_000;

/** Parses one block of an event stream (lines up to an empty line); null for a comment or a block without data. */
export function parseBlock(block: string): {
  event: string;
  id: string | null;
  data: string | null;
  retry: number | null;
} {
  let event = 'message';
  let id: string | null = null;
  let retry: number | null = null;
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  }
  return { event, id, data: data.length > 0 ? data.join('\n') : null, retry };
}

/** Follows the stream until the returned function is called; a refusal (401, 403, 406) ends it for good. */
export function followEvents(options: FollowOptions): () => void {
  const controller = new AbortController();
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let lastId: string | null = null;
  let wait = 3_000;
  let failures = 0;
  let first = true;

  const connect = async (): Promise<void> => {
    while (!controller.signal.aborted) {
      try {
        const response = await doFetch(options.url, {
          headers: {
            ...options.headers(),
            accept: 'text/event-stream',
            ...(lastId ? { 'last-event-id': lastId } : {}),
          },
          cache: 'no-store',
          // A stream that never ends is not part of loading the page: at low priority it does not compete with the
          // page's own reads, and a load is not held open by it (Lighthouse waits for every high-priority request).
          priority: 'low',
          signal: controller.signal,
        });
        if ([401, 403, 406].includes(response.status)) return;
        if (response.ok && response.body) {
          failures = 0;
          options.onOpen?.(first);
          first = false;
          await read(response.body);
        } else {
          failures += 1;
        }
      } catch {
        if (controller.signal.aborted) return;
        failures += 1;
      }
      const delay = Math.min(wait * 2 ** Math.min(failures, 4), MAX_WAIT_MS);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        controller.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };

  const read = async (body: ReadableStream<Uint8Array>) => {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.search(/\r?\n\r?\n/);
      while (end >= 0) {
        const block = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
        if (block.retry !== null) wait = block.retry;
        if (block.id !== null) lastId = block.id;
        if (block.data !== null) {
          let data: unknown = block.data;
          try {
            data = JSON.parse(block.data);
          } catch {
            // Kept as text.
          }
          options.onEvent({ event: block.event, id: block.id, data });
        }
        end = buffer.search(/\r?\n\r?\n/);
      }
    }
  };

  void connect();
  return () => controller.abort();
}
