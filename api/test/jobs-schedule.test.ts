import type { Database } from '../src/db/client';
import { createJobQueue, type JobQueue, type JobsLog, requestContext } from '../src/jobs';
import { createTestDatabase, testDrivers } from './support/database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A log that keeps the bindings of each child it makes (a job's log is a child of the queue's). */
function capturingLog(bindings: object[] = []): JobsLog & { bindings: object[] } {
  const log = {
    bindings,
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
    child: (more: object) => {
      bindings.push(more);
      return log;
    },
  };
  return log;
}
const quiet = capturingLog();

describe.each(testDrivers)('scheduled jobs on %s', (driver) => {
  let database: Database;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  }, 60_000);
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await database?.close();
  });

  // PGlite is one process's database: two instances of the app share a PostgreSQL, so the cluster is tested there;
  // on PGlite the one instance still runs an occurrence once although it registers its schedule at each start.
  const instances = driver === 'postgres' ? ['a', 'b'] : ['a'];

  it('run once per occurrence for the whole cluster: two app instances on one database, one run', async () => {
    // Away from a minute's edge, so that the window below holds one occurrence of an every-minute schedule.
    while (new Date().getUTCSeconds() < 2 || new Date().getUTCSeconds() > 40) await sleep(500);
    const runs: string[] = [];
    for (const instance of instances) {
      const queue = createJobQueue(database, quiet, { cronSeconds: 1, pollSeconds: 0.5 });
      queue.define({
        name: 'test.every-minute',
        cron: '* * * * *',
        async handler() {
          runs.push(instance);
        },
      });
      queues.push(queue);
    }
    await Promise.all(queues.map((queue) => queue.start()));
    // A schedule's first occurrence is sent at once (pg-boss anchors it a grace window back); both instances look
    // for due occurrences every second.
    const deadline = Date.now() + 15_000;
    while (runs.length === 0 && Date.now() < deadline) await sleep(200);
    await sleep(4_000);
    expect(runs).toHaveLength(1);
  }, 60_000);

  it('carries the id of the request that sent a job into the job log', async () => {
    const log = capturingLog();
    const queue = createJobQueue(database, log, { pollSeconds: 0.5 });
    const seen: object[] = [];
    queue.define<{ n: number }>({
      name: 'test.echo',
      async handler(data) {
        seen.push(data);
      },
    });
    queues.push(queue);
    await queue.start();
    await requestContext.run({ requestId: 'req-41' }, () => queue.send('test.echo', { n: 1 }));
    await queue.send('test.echo', { n: 2 });
    const deadline = Date.now() + 15_000;
    while (seen.length < 2 && Date.now() < deadline) {
      queue.wake('test.echo');
      await sleep(100);
    }
    expect(seen).toEqual(expect.arrayContaining([{ n: 1, requestId: 'req-41' }, { n: 2 }]));
    expect(log.bindings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ job: 'test.echo', reqId: 'req-41' }),
        expect.not.objectContaining({ reqId: expect.anything() }),
      ]),
    );
  }, 30_000);
});
