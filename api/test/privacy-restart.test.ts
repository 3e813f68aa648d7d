import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD } from '../src/demo/logins';
import { apiCall, killableApi } from './support/api-process';
import { testDrivers } from './support/database';
import { waitFor } from './support/wait';

// A real API process (as npm start runs it) killed with SIGKILL right after an admin completes a deletion request
// (docs/privacy.md): the anonymisation is a job sent in the completion's transaction, so the next process finishes
// it, once, whatever point the dead one had reached.

describe.each(testDrivers)('a deletion across a killed API process on %s', (driver) => {
  const apis = killableApi(driver, 'privacy-restart');

  it("finishes Eduardo's anonymisation after the restart, once: no login, no files, one audit record", async () => {
    const env = await apis.env({ JOB_HEARTBEAT_SECONDS: '10' });
    let api = await apis.start(env);
    const login = async (url: string, email: string) =>
      apiCall(api, 'POST', url, { json: { email, password: DEMO_PASSWORD } });
    const admin = (await login('/api/auth/admin-login', 'admin@especifica.dev')).json.accessToken as string;
    const eduardo = await login('/api/auth/login', 'eduardo@especifica.dev');
    expect(eduardo.status).toBe(200);

    // His invoices' files, which the anonymisation removes from storage.
    const me = await apiCall(api, 'GET', '/api/professionals/get-profile-data', {
      token: eduardo.json.accessToken as string,
    });
    const invoices = await apiCall(
      api,
      'GET',
      `/api/cms/professionals/invoices/get-all?professionalId=${me.json._id}&limit=100`,
      {
        token: admin,
      },
    );
    const ids = (invoices.json.items as { id: string; hasFile: boolean }[]).filter((i) => i.hasFile).map((i) => i.id);
    const uploads = path.join(apis.dataDir, 'uploads', 'invoices');
    const filesOf = () =>
      existsSync(uploads) ? readdirSync(uploads).filter((name) => ids.some((id) => name.startsWith(id))) : [];
    expect(filesOf().length).toBeGreaterThan(0);

    const asked = await apiCall(api, 'POST', '/api/professionals/privacy/request-deletion', {
      token: eduardo.json.accessToken as string,
      json: { password: DEMO_PASSWORD },
    });
    expect(asked.status).toBe(200);
    const open = await apiCall(api, 'GET', '/api/cms/privacy/requests/get-all?state=received', { token: admin });
    const request = (open.json.items as { id: string; subjectId: string }[]).find((r) => r.subjectId === me.json._id);
    if (!request) throw new Error('no deletion request of Eduardo');
    const completed = await apiCall(api, 'POST', '/api/cms/privacy/requests/complete', {
      token: admin,
      json: { id: request.id },
    });
    expect(completed.status).toBe(200);
    // At once: the job is committed, and the process dies wherever it is in it.
    await apis.kill();

    api = await apis.start(env);
    const adminAgain = (await login('/api/auth/admin-login', 'admin@especifica.dev')).json.accessToken as string;
    await waitFor(
      'the request done',
      async () => {
        const done = await apiCall(api, 'GET', '/api/cms/privacy/requests/get-all?state=done', {
          token: adminAgain,
        });
        return (done.json.items as { id: string }[]).some((r) => r.id === request.id);
      },
      90_000,
    );
    expect((await login('/api/auth/login', 'eduardo@especifica.dev')).status).toBe(401);
    expect(filesOf()).toEqual([]);
    const trail = await apiCall(
      api,
      'GET',
      `/api/cms/audit/get-all?entity=data-request&entityId=${request.id}&limit=50`,
      { token: adminAgain },
    );
    const actions = (trail.json.items as { action: string }[]).map((record) => record.action).sort();
    expect(actions).toEqual(['anonymise', 'complete', 'request-deletion']);
  }, 180_000);
});
