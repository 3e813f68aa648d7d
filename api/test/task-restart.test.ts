import { DEMO_PASSWORD } from '../src/demo/logins';
import { apiCall, killableApi } from './support/api-process';
import { testDrivers } from './support/database';
import { sleep, waitFor } from './support/wait';

// A real API process (as npm start runs it) killed with SIGKILL in the middle of an import: the next process either
// imports the whole file (the job delivered again) or ends the task as failed, and never leaves part of it.

const ROWS = 60_000;
const catalogue = [
  'sku;nome;marca;categoria',
  ...Array.from({ length: ROWS }, (_, i) => `QUEDA-${i + 1};Produto ${i + 1};Marca;Categoria`),
].join('\n');

describe.each(testDrivers)('an import across a killed API process on %s', (driver) => {
  const apis = killableApi(driver, 'task-restart');

  it('is imported whole or not at all after the restart', async () => {
    // The shortest heartbeat: the dead process's job is taken again about 10 s after it stopped, not 30.
    const env = await apis.env({ JOB_HEARTBEAT_SECONDS: '10' });
    let api = await apis.start(env);
    const login = await apiCall(api, 'POST', '/api/auth/admin-login', {
      json: { email: 'admin@especifica.dev', password: DEMO_PASSWORD },
    });
    const token = login.json.accessToken as string;
    const imported = async () =>
      (await apiCall(api, 'GET', '/api/products/get-all?search=QUEDA-&limit=1', { token })).json.total as number;

    const form = new FormData();
    form.append('file', new Blob([catalogue], { type: 'text/csv' }), 'queda.csv');
    const answer = await apiCall(api, 'POST', '/api/products/import', { form, token });
    expect(answer.status).toBe(202);
    const id = answer.json.id as string;

    // In the middle: running, with rows written in the import's transaction (PostgreSQL shows its progress; PGlite's
    // one connection is held by that transaction, so a read that waits says the same).
    let running = false;
    await waitFor(
      'the import in its transaction',
      async () => {
        try {
          const task = (await apiCall(api, 'GET', `/api/tasks/${id}`, { token, timeoutMs: 400 })).json;
          running = task.state === 'running';
          return running && (task.done as number) > 0;
        } catch {
          return running;
        }
      },
      60_000,
    );
    await apis.kill();

    api = await apis.start(env);
    // Nothing of it is there while the task has not ended.
    const whileUnfinished: number[] = [await imported()];
    const task = await waitFor(
      'the task ended',
      async () => {
        // The rows first: they commit with the task's end, so a task read after them still unfinished means none.
        const rows = await imported();
        const read = (await apiCall(api, 'GET', `/api/tasks/${id}`, { token })).json;
        if (read.state === 'done' || read.state === 'failed') return read;
        whileUnfinished.push(rows);
        return null;
      },
      60_000,
    );
    expect(new Set(whileUnfinished)).toEqual(new Set([0]));
    if (task.state === 'done') {
      expect(task.counts).toMatchObject({ created: ROWS, updated: 0 });
      expect(await imported()).toBe(ROWS);
    } else {
      expect(await imported()).toBe(0);
    }
    // A retry still due finds it ended: nothing changes any more.
    await sleep(2_000);
    expect(await imported()).toBe(task.state === 'done' ? ROWS : 0);
  }, 150_000);
});
