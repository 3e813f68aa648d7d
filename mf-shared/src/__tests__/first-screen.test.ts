import type { AxiosAdapter } from 'axios';
import { ApiClient } from '../api/client';
import { FirstScreen } from '../first-screen';
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
