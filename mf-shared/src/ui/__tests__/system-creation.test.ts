// The UI kit's file is evaluated while the access gate waits; building Chakra's system there made that evaluation
// the longest task before a signed-in page's first screen. The system is built in tasks of its own instead, a step
// per task (Chakra's createSystem has its steps by a patch: system-steps.test.ts; here it is mocked without them).
const createSystem = jest.fn();

jest.mock('@chakra-ui/react', () => {
  const actual = jest.requireActual('@chakra-ui/react');
  createSystem.mockImplementation(actual.createSystem);
  return { ...actual, createSystem };
});

describe('the UI system', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    createSystem.mockClear();
  });
  afterEach(() => jest.useRealTimers());

  it('is not built while its module is evaluated, but in a later task, once', async () => {
    await jest.isolateModulesAsync(async () => {
      const { getSystem } = require('../system') as typeof import('../system');
      expect(createSystem).not.toHaveBeenCalled();
      await jest.runOnlyPendingTimersAsync();
      expect(createSystem).toHaveBeenCalledTimes(1);
      const system = getSystem();
      expect(getSystem()).toBe(system);
      expect(createSystem).toHaveBeenCalledTimes(1);
    });
  });

  it('is built at its first use when that comes before the tasks', async () => {
    await jest.isolateModulesAsync(async () => {
      const { getSystem } = require('../system') as typeof import('../system');
      const system = getSystem();
      expect(system.token('colors.primary.600')).toMatch(/^#/);
      await jest.runOnlyPendingTimersAsync();
      expect(getSystem()).toBe(system);
      expect(createSystem).toHaveBeenCalledTimes(1);
    });
  });

  it('goes through the steps Chakra gives, one per task, and ends with the same system as a render would take', async () => {
    await jest.isolateModulesAsync(async () => {
      const actual = jest.requireActual('@chakra-ui/react');
      const taken: number[] = [];
      // Chakra's createSystem as patched: its steps, here three pauses and then the system.
      (createSystem as unknown as { steps: unknown }).steps = function* steps(...configs: unknown[]) {
        for (let pause = 0; pause < 3; pause++) {
          taken.push(pause);
          yield;
        }
        return actual.createSystem(...configs);
      };
      // One task: the timers due now, then the promise callbacks they lead to (the next step, the next timer).
      const task = async () => {
        jest.runOnlyPendingTimers();
        for (let turn = 0; turn < 5; turn++) await Promise.resolve();
      };
      try {
        const { buildInSteps, getSystem } = require('../system') as typeof import('../system');
        expect(taken).toEqual([]);
        await task();
        expect(taken).toEqual([0]);
        await task();
        expect(taken).toEqual([0, 1]);
        // A render now runs the steps left at once.
        const system = getSystem();
        expect(taken).toEqual([0, 1, 2]);
        expect(system.token('colors.primary.600')).toMatch(/^#/);
        await jest.runOnlyPendingTimersAsync();
        expect(getSystem()).toBe(system);
        const again = buildInSteps();
        await jest.runOnlyPendingTimersAsync();
        await expect(again).resolves.toBe(system);
      } finally {
        delete (createSystem as unknown as { steps?: unknown }).steps;
      }
    });
  });

  it('fails as Chakra does when a step fails, and starts again at the next use', async () => {
    await jest.isolateModulesAsync(async () => {
      const actual = jest.requireActual('@chakra-ui/react');
      let starts = 0;
      (createSystem as unknown as { steps: unknown }).steps = function* steps(...configs: unknown[]) {
        starts++;
        yield;
        if (starts === 1) throw new Error('token inválido');
        return actual.createSystem(...configs);
      };
      try {
        const { getSystem } = require('../system') as typeof import('../system');
        expect(() => getSystem()).toThrow('token inválido');
        const system = getSystem();
        expect(starts).toBe(2);
        expect(system.token('colors.primary.600')).toMatch(/^#/);
        await jest.runOnlyPendingTimersAsync();
        expect(getSystem()).toBe(system);
      } finally {
        delete (createSystem as unknown as { steps?: unknown }).steps;
      }
    });
  });
});
