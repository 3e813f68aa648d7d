// The UI kit's file is evaluated while the access gate waits; building Chakra's system there made that evaluation
// the longest task before a signed-in page's first screen. The system is built in a task of its own instead.
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

  it('is not built while its module is evaluated, but in the next task, once', () => {
    jest.isolateModules(() => {
      const { getSystem } = require('../system') as typeof import('../system');
      expect(createSystem).not.toHaveBeenCalled();
      jest.runOnlyPendingTimers();
      expect(createSystem).toHaveBeenCalledTimes(1);
      const system = getSystem();
      expect(getSystem()).toBe(system);
      expect(createSystem).toHaveBeenCalledTimes(1);
    });
  });

  it('is built at its first use when that comes before the task', () => {
    jest.isolateModules(() => {
      const { getSystem } = require('../system') as typeof import('../system');
      const system = getSystem();
      expect(system.token('colors.primary.600')).toMatch(/^#/);
      jest.runOnlyPendingTimers();
      expect(getSystem()).toBe(system);
      expect(createSystem).toHaveBeenCalledTimes(1);
    });
  });
});
