import { DEMO_PASSWORD } from '../src/demo/logins';
import { apiCall, killableApi } from './support/api-process';
import { testDrivers } from './support/database';
import { freePort, type SmtpSink, startSmtpSink } from './support/smtp-sink';
import { sleep, waitFor } from './support/wait';

// A real API process (as npm start runs it) killed with SIGKILL after it committed an e-mail and before the e-mail
// went out: the next process sends it, once.

describe.each(testDrivers)('an e-mail across a killed API process on %s', (driver) => {
  const apis = killableApi(driver, 'email-restart');
  let sink: SmtpSink | null = null;
  afterAll(() => sink?.close());

  it('is sent after the restart, once', async () => {
    const smtpPort = await freePort();
    const env = await apis.env({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_RETRIES: '20',
      MAIL_RETRY_DELAY_SECONDS: '1',
    });
    let api = await apis.start(env);
    const call = async (method: string, route: string, body?: object, token?: string) =>
      apiCall(api, method, route, { ...(body ? { json: body } : {}), ...(token ? { token } : {}) });
    const login = await call('POST', '/api/auth/admin-login', {
      email: 'admin@especifica.dev',
      password: DEMO_PASSWORD,
    });
    const admin = login.json.accessToken as string;
    expect(admin).toBeTruthy();
    const outbox = async () =>
      (await call('GET', '/api/cms/emails/get-all?limit=10', undefined, admin)).json.items as {
        to: string;
        state: string;
        attempts: number;
        lastError: string | null;
      }[];

    const recover = await call('POST', '/api/auth/recover', { email: 'ana@especifica.dev' });
    expect(recover.status).toBe(200);
    // Committed, and tried once against a mail server that is down.
    await waitFor(
      'a failed attempt',
      async () => (await outbox()).find((mail) => mail.to === 'ana@especifica.dev' && mail.lastError),
      60_000,
    );
    await apis.kill();

    sink = await startSmtpSink(smtpPort);
    api = await apis.start(env);
    await waitFor(
      'the e-mail sent',
      async () => (await outbox()).find((mail) => mail.to === 'ana@especifica.dev' && mail.state === 'sent'),
      60_000,
    );
    // A retry still due (of the job the killed process held) finds it sent: nothing more goes out.
    await sleep(3_000);
    expect(sink.messages.filter((m) => m.to.some((to) => to.includes('ana@especifica.dev')))).toHaveLength(1);
  }, 240_000);
});
