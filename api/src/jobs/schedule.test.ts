import { every } from './schedule';

describe('every', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs after the first delay and then on each interval, until stopped', async () => {
    const task = jest.fn(async () => undefined);
    const stop = every(60, task, () => undefined, 1_000);
    await jest.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(task).toHaveBeenCalledTimes(3);
    stop();
    await jest.advanceTimersByTimeAsync(5 * 60 * 60_000);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('skips a tick while the previous run is still going, and reports a failed run without stopping', async () => {
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runs: string[] = [];
    const errors: string[] = [];
    const task = jest.fn(async () => {
      runs.push('run');
      if (runs.length === 1) await slow;
      if (runs.length === 2) throw new Error('banco fora do ar');
    });
    const stop = every(1, task, (error) => errors.push(error.message), 0);
    await jest.advanceTimersByTimeAsync(3 * 60_000);
    expect(runs).toHaveLength(1);
    release();
    await jest.advanceTimersByTimeAsync(60_000);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(3);
    expect(errors).toEqual(['banco fora do ar']);
    stop();
  });
});
