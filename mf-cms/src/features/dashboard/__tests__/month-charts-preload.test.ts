// The charts' chunk (Chart.js) is asked for after the dashboard's first frame, not while it is drawn.
const loaded = jest.fn();
jest.mock('../components/month-chart', () => {
  loaded();
  return { __esModule: true, default: () => null };
});

import { preloadMonthCharts } from '../components/month-charts';

/** Lets the import()'s promise chain settle. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe("the dashboard's charts chunk", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.resetModules();
    loaded.mockClear();
  });
  afterEach(() => jest.useRealTimers());

  it('is asked for once the frame drawn now is on screen, not before', async () => {
    preloadMonthCharts();
    await settle();
    expect(loaded).not.toHaveBeenCalled();
    jest.advanceTimersToNextFrame();
    await settle();
    expect(loaded).not.toHaveBeenCalled();
    // The next frame's callback runs before that frame's paint: the request leaves in the task after it.
    jest.advanceTimersToNextFrame();
    await settle();
    expect(loaded).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    await settle();
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it('is not asked for when the dashboard unmounts before that', async () => {
    const cancel = preloadMonthCharts();
    jest.advanceTimersToNextFrame();
    jest.advanceTimersToNextFrame();
    cancel();
    jest.runAllTimers();
    await settle();
    expect(loaded).not.toHaveBeenCalled();
  });
});
