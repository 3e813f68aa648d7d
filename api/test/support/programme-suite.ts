import type { Config } from '../../src/config';
import type { TestDriver } from './database';
import { expectLedgerConsistent, type ProgrammeTest, startProgramme } from './programme';

/**
 * The demo programme for the tests of the describe block that calls this: started once before them on `driver`, its
 * ledger checked after each of them (no test may leave balances that do not add up) and closed after the last. The
 * object is filled in before the block's first test, so read it inside tests and hooks only.
 */
export function programmeSuite(driver: TestDriver, config: Partial<Config> = {}): ProgrammeTest {
  const t = {} as ProgrammeTest;
  beforeAll(async () => {
    Object.assign(t, await startProgramme(driver, config));
  }, 60_000);
  afterAll(() => t.close?.());
  afterEach(() => expectLedgerConsistent(t));
  return t;
}
