import { createServer, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '../src/db/schema';
import { bearer, createProfessional, startTestApp, type TestApp, tokenFor } from './support/app';
import { testDrivers } from './support/database';
import { outbox, resetCodeIn } from './support/outbox';
import { freePort, type SmtpSink, startSmtpSink } from './support/smtp-sink';
import { sleep, waitFor } from './support/wait';

let ipCounter = 0;
const freshIp = () => `10.41.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.each(testDrivers)('the e-mail outbox on %s', (driver) => {
  describe('without SMTP_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(driver);
    }, 60_000);
    afterAll(() => t?.close());

    it('writes the e-mail with the change, sends it as an .eml file after the answer and keeps no body', async () => {
      const { email } = await createProfessional(t.database);
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/recover',
        payload: { email },
        remoteAddress: freshIp(),
      });
      expect(answer.statusCode).toBe(200);
      const mails = (await outbox(t.app)).filter((mail) => mail.to.includes(email));
      expect(mails).toHaveLength(1);
      expect(resetCodeIn(mails[0] as (typeof mails)[number])).toMatch(/^\d{6}$/);
      const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
      expect(row).toMatchObject({ state: 'sent', attempts: 1, text: '', html: '', lastError: null });
    });

    it('writes nothing when the change is refused: no e-mail for an unknown address', async () => {
      const before = await t.database.db.$count(emailOutbox);
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/recover',
        payload: { email: 'ninguem@example.com' },
        remoteAddress: freshIp(),
      });
      expect(answer.statusCode).toBe(200);
      expect(await t.database.db.$count(emailOutbox)).toBe(before);
    });
  });

  describe('with a mail server that is down, then up', () => {
    let t: TestApp;
    let sink: SmtpSink | null = null;
    let port: number;
    let admin: string;
    beforeAll(async () => {
      port = await freePort();
      t = await startTestApp(driver, {
        config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailRetries: 2, mailRetryDelaySeconds: 1 },
        jobs: { pollSeconds: 0.5 },
      });
      admin = await tokenFor(t.app, 'admin', 'admin@especifica.dev');
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await sink?.close();
    });

    const recover = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email }, remoteAddress: freshIp() });
    const rowTo = async (email: string) =>
      (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email)))[0];
    const deliveredTo = (email: string) => (sink?.messages ?? []).filter((m) => m.to.some((to) => to.includes(email)));

    it('retries a recovery e-mail until the server is back, and it arrives once', async () => {
      const { email } = await createProfessional(t.database);
      expect((await recover(email)).statusCode).toBe(200);
      const failed = await waitFor('a failed attempt', async () => {
        const row = await rowTo(email);
        return row && row.attempts >= 1 && row.lastError ? row : null;
      });
      expect(failed.state).toBe('pending');
      expect(failed.lastError).toMatch(/ECONNREFUSED/);

      sink = await startSmtpSink(port);
      const sent = await waitFor('the e-mail sent', async () => {
        const row = await rowTo(email);
        return row?.state === 'sent' ? row : null;
      });
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
      // Whatever retry was still due finds it sent and sends nothing more.
      await sleep(2_500);
      const arrived = deliveredTo(email);
      expect(arrived).toHaveLength(1);
      expect(arrived[0]?.data).toMatch(/^Subject: .+$/m);
      expect(arrived[0]?.data).toContain(`To: ${email}`);
      expect((await rowTo(email))?.state).toBe('sent');
    }, 60_000);

    it('gives a message up after the last retry with its error, lists it to admins and sends it again on demand', async () => {
      await sink?.close();
      sink = null;
      const { email } = await createProfessional(t.database);
      await recover(email);
      const failed = await waitFor('the e-mail given up', async () => {
        const row = await rowTo(email);
        return row?.state === 'failed' ? row : null;
      });
      expect(failed.attempts).toBe(3);
      expect(failed.lastError).toMatch(/ECONNREFUSED/);

      const list = await t.app.inject({
        method: 'GET',
        url: '/api/cms/emails/get-all?state=failed&limit=5',
        headers: bearer(admin),
      });
      expect(list.statusCode).toBe(200);
      const page = list.json() as {
        items: { id: string; to: string; subject: string; lastError: string }[];
        total: number;
      };
      const listed = page.items.find((item) => item.to === email);
      expect(listed).toMatchObject({ id: failed.id, state: 'failed', attempts: 3 });
      expect(listed?.lastError).toMatch(/ECONNREFUSED/);
      expect(listed).not.toHaveProperty('text');
      // An admin reads the list: a recovery's subject names no code, which only its owner's inbox holds.
      expect(listed?.subject).toBe('Seu código para redefinir a senha no Especifica');
      expect(page.total).toBeGreaterThanOrEqual(1);

      const professional = await tokenFor(t.app, 'professional', 'ana@especifica.dev');
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/cms/emails/${failed.id}/resend`,
        headers: bearer(professional),
      });
      expect(refused.statusCode).toBe(403);

      sink = await startSmtpSink(port);
      const resent = await t.app.inject({
        method: 'POST',
        url: `/api/cms/emails/${failed.id}/resend`,
        headers: bearer(admin),
      });
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toMatchObject({ item: { id: failed.id, state: 'pending' } });
      await waitFor('the resent e-mail', async () => (await rowTo(email))?.state === 'sent');
      expect(deliveredTo(email)).toHaveLength(1);

      const again = await t.app.inject({
        method: 'POST',
        url: `/api/cms/emails/${failed.id}/resend`,
        headers: bearer(admin),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        msg: 'Só um e-mail que falhou pode ser enviado de novo.',
        code: 'email-not-failed',
      });
    }, 60_000);

    it('filters the list by state and pages it like the other admin lists', async () => {
      const sent = await t.app.inject({
        method: 'GET',
        url: '/api/cms/emails/get-all?state=sent&limit=1&page=1',
        headers: bearer(admin),
      });
      expect(sent.statusCode).toBe(200);
      const page = sent.json() as { items: { state: string }[]; total: number; page: number; limit: number };
      expect(page).toMatchObject({ page: 1, limit: 1 });
      expect(page.items).toHaveLength(1);
      expect(page.items.every((item) => item.state === 'sent')).toBe(true);
      expect(page.total).toBeGreaterThanOrEqual(2);
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/api/cms/emails/get-all?state=lost',
        headers: bearer(admin),
      });
      expect(wrong.statusCode).toBe(400);
    });
  });

  it('gives up on a mail server that never answers within seconds, well before the job is tried again', async () => {
    // Accepts the connection and says nothing: without a timeout a send would hang past the job's two minutes.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address() as { port: number };
    const t = await startTestApp(driver, {
      config: { smtpUrl: `smtp://127.0.0.1:${address.port}`, mailRetries: 0, mailRetryDelaySeconds: 1 },
      jobs: { pollSeconds: 0.5 },
    });
    try {
      const { email } = await createProfessional(t.database);
      const started = Date.now();
      await t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email }, remoteAddress: freshIp() });
      const failed = await waitFor(
        'the send to time out',
        async () =>
          (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email))).find(
            (row) => row.state === 'failed',
          ),
        30_000,
      );
      expect(failed.lastError).toMatch(/greeting|timeout/i);
      expect(Date.now() - started).toBeLessThan(25_000);
    } finally {
      await t.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 60_000);
});
