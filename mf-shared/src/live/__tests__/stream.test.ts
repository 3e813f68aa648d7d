import { ReadableStream } from 'node:stream/web';
import { TextDecoder, TextEncoder } from 'node:util';
import { followEvents, type LiveEvent, parseBlock } from '../stream';

// jsdom has neither; the browser has both.
Object.assign(globalThis, { TextDecoder: globalThis.TextDecoder ?? TextDecoder });

const encoder = new TextEncoder();

/** An answer whose body is the given chunks, then ends. */
function streamOf(chunks: string[], status = 200) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return { status, ok: status === 200, body };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe('the live stream reader', () => {
  it('parses a block as the SSE format says', () => {
    expect(parseBlock('retry: 10\nid: 7\nevent: notification\ndata: {"a":1}')).toEqual({
      event: 'notification',
      id: '7',
      data: '{"a":1}',
      retry: 10,
    });
    expect(parseBlock(': ping')).toEqual({ event: 'message', id: null, data: null, retry: null });
  });

  it('reads events split across chunks, then reconnects with the last id and the session headers', async () => {
    const calls: RequestInit[] = [];
    const events: LiveEvent[] = [];
    const opened: boolean[] = [];
    const fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      calls.push(init ?? {});
      if (calls.length === 1) {
        return streamOf([
          'retry: 5\nid: 3\nevent: ready\ndata: {}\n\n: ping\n\nid: 4\nevent: notif',
          'ication\ndata: {"type":"x"}\n\n',
        ]);
      }
      if (calls.length === 2) return streamOf(['event: points\ndata: {}\n\n']);
      return streamOf([], 401);
    });
    const stop = followEvents({
      url: '/api/events',
      headers: () => ({ authorization: 'Bearer t' }),
      onEvent: (event) => events.push(event),
      onOpen: (first) => opened.push(first),
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    try {
      await until(() => calls.length === 3);
      expect(events).toEqual([
        { event: 'ready', id: '3', data: {} },
        { event: 'notification', id: '4', data: { type: 'x' } },
        { event: 'points', id: null, data: {} },
      ]);
      expect(opened).toEqual([true, false]);
      const headers = calls.map((init) => init.headers as Record<string, string>);
      expect(headers[0]).toEqual({ authorization: 'Bearer t', accept: 'text/event-stream' });
      expect(headers[1]?.['last-event-id']).toBe('4');
      expect(calls.map((init) => init.priority)).toEqual(['low', 'low', 'low']);
      // A refusal ends it: no fourth call.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(calls).toHaveLength(3);
    } finally {
      stop();
    }
  });
});
