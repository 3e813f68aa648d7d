import type { AxiosAdapter } from 'axios';
import { ApiClient } from '../api/client';
import { afterShown, FirstScreen, SHOWN_LIMIT_MS } from '../first-screen';
import { SessionStore } from '../session/store';

/** Lets promise chains (and the import() of axios) settle. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** Whether `promise` has resolved by now. */
async function resolved(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await settle();
  return done;
}

describe('the first screen', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is ready at once when nothing holds it', async () => {
    expect(await resolved(new FirstScreen().ready)).toBe(true);
  });

  it('once held, is ready only after the frame that drew the screen has been painted', async () => {
    const first = new FirstScreen();
    first.hold(5_000);
    expect(await resolved(first.ready)).toBe(false);
    first.drawn();
    // The next frame's callback runs before that frame's paint; ready follows in the task after it.
    jest.advanceTimersToNextFrame();
    expect(await resolved(first.ready)).toBe(false);
    jest.advanceTimersToNextFrame();
    expect(await resolved(first.ready)).toBe(false);
    // A task queued from a frame's callback runs a millisecond later under the fake clock.
    jest.advanceTimersByTime(1);
    expect(await resolved(first.ready)).toBe(true);
  });

  it('is ready after its time limit when no screen is drawn (a remote that failed to load)', async () => {
    const first = new FirstScreen();
    first.hold(5_000);
    jest.advanceTimersByTime(4_999);
    expect(await resolved(first.ready)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await resolved(first.ready)).toBe(true);
  });

  it('lets what waited go on one per task once it is ready, in the order it asked', async () => {
    const first = new FirstScreen();
    first.hold(5_000);
    const went: string[] = [];
    for (const name of ['reads', 'library', 'rows']) void first.ready.then(() => went.push(name));
    // The limit releases it here; the first waiter goes on in the releasing task.
    jest.advanceTimersByTime(5_000);
    await settle();
    expect(went).toEqual(['reads']);
    jest.runOnlyPendingTimers();
    await settle();
    expect(went).toEqual(['reads', 'library']);
    // What asks once it is ready goes on at once, before the waiters left.
    expect(await resolved(first.ready)).toBe(true);
    expect(went).toEqual(['reads', 'library']);
    jest.runOnlyPendingTimers();
    await settle();
    expect(went).toEqual(['reads', 'library', 'rows']);
  });

  it('is held once per page load: a later hold, after the first screen, does not hold the API again', async () => {
    const first = new FirstScreen();
    first.hold(5_000);
    first.drawn();
    jest.runAllTimers();
    expect(await resolved(first.ready)).toBe(true);
    first.hold(5_000);
    expect(await resolved(first.ready)).toBe(true);
  });
});

/** Chromium's report of largest paints, played by the test: `report(t)` delivers an entry timed at `t`. */
function fakeLargestPaints() {
  const observers: { callback: PerformanceObserverCallback; connected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint', 'paint'];
    #self: { callback: PerformanceObserverCallback; connected: boolean };
    constructor(callback: PerformanceObserverCallback) {
      this.#self = { callback, connected: false };
      observers.push(this.#self);
    }
    observe() {
      this.#self.connected = true;
    }
    disconnect() {
      this.#self.connected = false;
    }
  }
  const original = Object.getOwnPropertyDescriptor(globalThis, 'PerformanceObserver');
  Object.defineProperty(globalThis, 'PerformanceObserver', { value: FakeObserver, configurable: true, writable: true });
  return {
    report(startTime: number) {
      const list = { getEntries: () => [{ startTime, entryType: 'largest-contentful-paint' }] };
      for (const o of observers.filter((x) => x.connected))
        o.callback(list as unknown as PerformanceObserverEntryList, o as unknown as PerformanceObserver);
    },
    connected: () => observers.filter((x) => x.connected).length,
    restore() {
      if (original) Object.defineProperty(globalThis, 'PerformanceObserver', original);
      else delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
    },
  };
}

describe('a frame shown, where the browser reports its largest paints', () => {
  let paints: ReturnType<typeof fakeLargestPaints>;
  beforeEach(() => {
    jest.useFakeTimers();
    paints = fakeLargestPaints();
  });
  afterEach(() => {
    paints.restore();
    jest.useRealTimers();
  });

  it('is shown when the next largest paint is reported, even before the next frame has run its callbacks', () => {
    const run = jest.fn();
    afterShown(run, SHOWN_LIMIT_MS);
    paints.report(performance.now());
    expect(run).toHaveBeenCalledTimes(1);
    // Once: the frame's callbacks and the limit later do not run it again, and nothing is left observing.
    jest.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
    expect(paints.connected()).toBe(0);
  });

  it('is not shown by the report of a paint from before it was asked (an earlier frame presented late)', () => {
    const run = jest.fn();
    jest.advanceTimersByTime(100);
    afterShown(run, SHOWN_LIMIT_MS);
    paints.report(performance.now() - 50);
    expect(run).not.toHaveBeenCalled();
  });

  it('waits for the report past the next frame, and without one is taken as shown after the limit', () => {
    const run = jest.fn();
    afterShown(run, SHOWN_LIMIT_MS);
    jest.advanceTimersToNextFrame();
    jest.advanceTimersToNextFrame();
    jest.advanceTimersByTime(SHOWN_LIMIT_MS);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(paints.connected()).toBe(0);
  });

  /** The page's typefaces, loading until `arrive` is called; a test's document has none. */
  function loadingFonts() {
    let arrived: () => void = () => undefined;
    const fonts = { status: 'loading', ready: new Promise<void>((resolve) => (arrived = resolve)) };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
    return {
      arrive() {
        fonts.status = 'loaded';
        arrived();
      },
    };
  }
  afterEach(() => {
    delete (document as { fonts?: unknown }).fonts;
  });

  it('counts the limit from the arrival of the typefaces being loaded, whose texts are reported only then', async () => {
    const fonts = loadingFonts();
    const run = jest.fn();
    afterShown(run, SHOWN_LIMIT_MS);
    jest.advanceTimersToNextFrame();
    jest.advanceTimersToNextFrame();
    jest.advanceTimersByTime(SHOWN_LIMIT_MS * 4);
    expect(run).not.toHaveBeenCalled();
    fonts.arrive();
    await settle();
    jest.advanceTimersByTime(SHOWN_LIMIT_MS - 1);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("is shown by the heading's report while its typeface loads, without waiting for the limit", () => {
    loadingFonts();
    const run = jest.fn();
    afterShown(run, SHOWN_LIMIT_MS);
    jest.advanceTimersToNextFrame();
    jest.advanceTimersToNextFrame();
    paints.report(performance.now());
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('holds the first screen until its paint is reported, not only until the next frame', async () => {
    const first = new FirstScreen();
    first.hold(5_000);
    first.drawn();
    jest.advanceTimersToNextFrame();
    jest.advanceTimersToNextFrame();
    jest.advanceTimersByTime(1);
    expect(await resolved(first.ready)).toBe(false);
    paints.report(performance.now());
    expect(await resolved(first.ready)).toBe(true);
  });

  it('runs nothing once cancelled', () => {
    const run = jest.fn();
    const cancel = afterShown(run, SHOWN_LIMIT_MS);
    cancel();
    paints.report(performance.now());
    jest.runAllTimers();
    expect(run).not.toHaveBeenCalled();
  });
});

describe('the API client behind a held first screen', () => {
  it('sends nothing until the first screen is ready, then sends what was asked', async () => {
    const first = new FirstScreen();
    first.hold(60_000);
    const client = new ApiClient({ session: new SessionStore(), language: () => 'ptBR', ready: () => first.ready });
    const sent: string[] = [];
    client.adapter = (async (config) => {
      sent.push(config.url ?? '');
      return { status: 200, data: { ok: true }, headers: {}, config, statusText: 'OK' };
    }) as AxiosAdapter;
    const answer = client.get<{ ok: boolean }>('/professionals/get-dashboard-data');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    first.drawn();
    await expect(answer).resolves.toEqual([{ ok: true }, null]);
    expect(sent).toEqual(['/professionals/get-dashboard-data']);
  });
});
