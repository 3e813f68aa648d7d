import { type Change, type ChangeFeed, type ChangeListener, parseChange } from './changes';
import { ReadCache } from './read-cache';

/** A feed driven by the test: `announce` stands for a trigger's notification. */
function fakeFeed(live = true) {
  const listeners: ChangeListener[] = [];
  const feed: ChangeFeed & { live: boolean; announce(change: Change): void } = {
    live,
    subscribe: (listener) => void listeners.push(listener),
    sync: async () => undefined,
    close: async () => undefined,
    announce: (change) => {
      for (const listener of listeners) listener(change);
    },
  };
  return feed;
}

/** A loader that counts its calls and returns the current `value`. */
function source<V>(value: V) {
  const state = { value, loads: 0 };
  const load = async () => {
    state.loads += 1;
    return state.value;
  };
  return { state, load };
}

describe('parseChange', () => {
  it.each([
    ['a whole topic', 'standing', { topic: 'standing', keys: null }],
    ['some keys of a topic', 'account:admin:1,shopkeeper:2', { topic: 'account', keys: ['admin:1', 'shopkeeper:2'] }],
    ['the echo of a sync', 'sync:abc', { sync: 'abc' }],
  ])('reads %s', (_case, payload, change) => {
    expect(parseChange(payload)).toEqual(change);
  });
});

describe('ReadCache', () => {
  it('keeps a value until an announcement names its key', async () => {
    const feed = fakeFeed();
    const cache = new ReadCache<number>(feed, ['standing'], 10);
    const { state, load } = source(1);
    expect(await cache.get('professional:a', load)).toBe(1);
    state.value = 2;
    expect(await cache.get('professional:a', load)).toBe(1);
    expect(state.loads).toBe(1);
    feed.announce({ topic: 'standing', keys: ['professional:b'] });
    expect(await cache.get('professional:a', load)).toBe(1);
    feed.announce({ topic: 'standing', keys: ['professional:a'] });
    expect(await cache.get('professional:a', load)).toBe(2);
    expect(state.loads).toBe(2);
  });

  it.each([
    ['its whole topic', { topic: 'standing', keys: null }, 2],
    ['everything (the feed reconnected)', { topic: '*', keys: null }, 2],
    ['another topic', { topic: 'account', keys: null }, 1],
  ])('forgets on an announcement of %s', async (_case, change, expected) => {
    const feed = fakeFeed();
    const cache = new ReadCache<number>(feed, ['standing'], 10);
    const { state, load } = source(1);
    await cache.get('k', load);
    state.value = 2;
    feed.announce(change);
    expect(await cache.get('k', load)).toBe(expected);
  });

  it('forgets every value on any announcement of its topics when it keeps counts over everyone', async () => {
    const feed = fakeFeed();
    const cache = new ReadCache<number>(feed, ['standing', 'account'], 10, { whole: true });
    const { state, load } = source(1);
    await cache.get('count-a', load);
    state.value = 2;
    feed.announce({ topic: 'notifications', keys: null });
    expect(await cache.get('count-a', load)).toBe(1);
    feed.announce({ topic: 'account', keys: ['professional:x'] });
    expect(await cache.get('count-a', load)).toBe(2);
  });

  it('does not keep a read that an announcement overlapped (it may hold the rows from before)', async () => {
    const feed = fakeFeed();
    const cache = new ReadCache<string>(feed, ['account'], 10);
    let loads = 0;
    const overlapped = async () => {
      loads += 1;
      feed.announce({ topic: 'account', keys: ['admin:x'] });
      return 'before';
    };
    expect(await cache.get('admin:x', overlapped)).toBe('before');
    expect(await cache.get('admin:x', async () => 'after')).toBe('after');
    expect(loads).toBe(1);
  });

  it('reads through while the feed is down', async () => {
    const feed = fakeFeed(false);
    const cache = new ReadCache<number>(feed, ['standing'], 10);
    const { state, load } = source(1);
    await cache.get('k', load);
    await cache.get('k', load);
    expect(state.loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('loads again when the kept value does not fit (a standing of last cycle)', async () => {
    const feed = fakeFeed();
    const cache = new ReadCache<{ year: number }>(feed, ['standing'], 10);
    expect(await cache.get('k', async () => ({ year: 2026 }))).toEqual({ year: 2026 });
    const fits = (value: { year: number }) => value.year === 2027;
    expect(await cache.get('k', async () => ({ year: 2027 }), fits)).toEqual({ year: 2027 });
    expect(await cache.get('k', async () => ({ year: 0 }), fits)).toEqual({ year: 2027 });
  });
});
