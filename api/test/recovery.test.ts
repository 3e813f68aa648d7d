import { eq } from 'drizzle-orm';
import { passwordResetCodes, professionals, storeUsers } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/demo/seed';
import { bearer, createProfessional, loginRoutes, startTestApp, type TestApp, tokenFor } from './support/app';
import { testDrivers } from './support/database';
import { lastMailTo, outbox, resetCodeIn } from './support/outbox';

const recoverAnswer = { msg: 'Se o e-mail estiver cadastrado, enviaremos um código de segurança em instantes.' };
const invalidCode = {
  msg: 'Código inválido ou expirado. Peça um novo código e tente novamente.',
  code: 'invalid-code',
};
const tooMany = { msg: 'Muitas tentativas. Aguarde um pouco e tente novamente.', code: 'too-many-requests' };
const NEW_PASSWORD = 'uma senha nova e longa';

const routes = {
  professional: { recover: '/api/auth/recover', reset: '/api/auth/reset' },
  shopkeeper: { recover: '/api/auth/recover-shopkeeper', reset: '/api/auth/reset-shopkeeper' },
  admin: { recover: '/api/auth/cms/recover', reset: '/api/auth/cms/reset' },
} as const;

let ipCounter = 0;
/** Each test speaks from its own address, so the per-IP limits of one test never reach another. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.each(testDrivers)('password recovery on %s', (driver) => {
  let t: TestApp;
  let clock = new Date();
  beforeAll(async () => {
    t = await startTestApp(driver, { now: () => clock });
  }, 60_000);
  afterAll(() => t?.close());
  beforeEach(() => {
    clock = new Date();
  });

  const post = (url: string, payload: object, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  async function codeFor(role: keyof typeof routes, email: string, ip = freshIp()) {
    const response = await post(routes[role].recover, { email }, ip);
    expect(response.statusCode).toBe(200);
    return resetCodeIn(await lastMailTo(t.app, email));
  }

  describe.each([
    ['professional', 'POST /api/auth/recover and /api/auth/reset'],
    ['shopkeeper', 'POST /api/auth/recover-shopkeeper and /api/auth/reset-shopkeeper'],
    ['admin', 'POST /api/auth/cms/recover and /api/auth/cms/reset'],
  ] as const)('%s: %s', (role, _routes) => {
    it('e-mails a 6-digit code, resets the password with it and ends the tokens issued before', async () => {
      const email = role === 'professional' ? (await createProfessional(t.database)).email : undefined;
      const who = email ?? (role === 'admin' ? 'admin@especifica.dev' : 'carla@especifica.dev');
      const oldToken = await tokenFor(t.app, role, who);
      const code = await codeFor(role, who);
      expect(code).toMatch(/^\d{6}$/);

      const reset = await post(routes[role].reset, { email: who, code, newPassword: NEW_PASSWORD });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ msg: 'Senha alterada com sucesso. Entre com a nova senha.' });
      const me = role === 'admin' ? '/api/cms/dashboard/get-all' : '/api/professionals/get-dashboard-data';
      expect((await t.app.inject({ method: 'GET', url: me, headers: bearer(oldToken) })).statusCode).toBe(401);
      await tokenFor(t.app, role, who, NEW_PASSWORD);
      const old = await post(loginRoutes[role], { email: who, password: DEMO_PASSWORD });
      expect(old.statusCode).toBe(401);
      // Put the demo password back for the other tests.
      const again = await codeFor(role, who);
      expect((await post(routes[role].reset, { email: who, code: again, newPassword: DEMO_PASSWORD })).statusCode).toBe(
        200,
      );
    });
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const before = (await outbox(t.app)).length;
    const unknown = await post(routes.professional.recover, { email: 'ninguem@especifica.dev' });
    const known = await post(routes.professional.recover, { email: 'eduardo@especifica.dev' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(recoverAnswer);
    expect(known.json()).toEqual(recoverAnswer);
    const mails = await outbox(t.app);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.to).toContain('eduardo@especifica.dev');
  });

  it('stores the code hashed, never as it was sent', async () => {
    const professional = await createProfessional(t.database);
    const code = await codeFor('professional', professional.email);
    const rows = await t.database.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.email, professional.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(code);
    expect(rows[0]?.codeHash.length).toBeGreaterThan(20);
  });

  it('refuses an unknown e-mail at reset with the answer of a wrong code', async () => {
    const response = await post(routes.professional.reset, {
      email: 'ninguem@especifica.dev',
      code: '123456',
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidCode);
  });

  it('refuses a wrong code, and a reused code', async () => {
    const professional = await createProfessional(t.database);
    const code = await codeFor('professional', professional.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post(routes.professional.reset, {
      email: professional.email,
      code: wrong,
      newPassword: NEW_PASSWORD,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(invalidCode);
    const good = { email: professional.email, code, newPassword: NEW_PASSWORD };
    expect((await post(routes.professional.reset, good)).statusCode).toBe(200);
    const reused = await post(routes.professional.reset, good);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(invalidCode);
  });

  it('burns the code after 5 wrong tries: the right code on the sixth try fails', async () => {
    const professional = await createProfessional(t.database);
    const code = await codeFor('professional', professional.email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      const response = await post(routes.professional.reset, {
        email: professional.email,
        code: wrong,
        newPassword: NEW_PASSWORD,
      });
      expect(response.json()).toEqual(invalidCode);
    }
    const sixth = await post(routes.professional.reset, { email: professional.email, code, newPassword: NEW_PASSWORD });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual(invalidCode);
    await tokenFor(t.app, 'professional', professional.email, professional.password);
  });

  it('expires the code after 10 minutes', async () => {
    const professional = await createProfessional(t.database);
    const code = await codeFor('professional', professional.email);
    clock = new Date(clock.getTime() + 10 * 60_000 + 1_000);
    const response = await post(routes.professional.reset, {
      email: professional.email,
      code,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidCode);
  });

  it('keeps only the newest code alive when a second one is asked for', async () => {
    const professional = await createProfessional(t.database);
    const first = await codeFor('professional', professional.email);
    const second = await codeFor('professional', professional.email);
    if (first !== second) {
      const old = await post(routes.professional.reset, {
        email: professional.email,
        code: first,
        newPassword: NEW_PASSWORD,
      });
      expect(old.json()).toEqual(invalidCode);
    }
    const fresh = await post(routes.professional.reset, {
      email: professional.email,
      code: second,
      newPassword: NEW_PASSWORD,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('does not take a professional code at the shopkeeper reset', async () => {
    const code = await codeFor('professional', 'marina@especifica.dev');
    const response = await post(routes.shopkeeper.reset, {
      email: 'marina@especifica.dev',
      code,
      newPassword: NEW_PASSWORD,
    });
    expect(response.json()).toEqual(invalidCode);
  });

  it('refuses a common password without spending the code', async () => {
    const professional = await createProfessional(t.database);
    const code = await codeFor('professional', professional.email);
    const weak = await post(routes.professional.reset, { email: professional.email, code, newPassword: 'senha123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'validation', data: [{ field: 'newPassword' }] });
    const strong = await post(routes.professional.reset, {
      email: professional.email,
      code,
      newPassword: NEW_PASSWORD,
    });
    expect(strong.statusCode).toBe(200);
  });

  it.each([
    [{ email: 'x', code: '123456', newPassword: NEW_PASSWORD }, 'Digite um e-mail válido.'],
    [{ email: 'ana@especifica.dev', code: '12a456', newPassword: NEW_PASSWORD }, 'Digite um código válido.'],
    [
      { email: 'ana@especifica.dev', code: '123456', newPassword: 'curta' },
      'A senha precisa ter de 8 a 128 caracteres.',
    ],
    [
      { email: 'ana@especifica.dev', code: '123456', newPassword: 'x'.repeat(129) },
      'A senha precisa ter de 8 a 128 caracteres.',
    ],
  ])('validates the reset body %#', async (payload, msg) => {
    const response = await post(routes.professional.reset, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
  });

  it('confirms the e-mail of a professional awaiting confirmation, since the code came by e-mail', async () => {
    const professional = await createProfessional(t.database);
    await t.database.db
      .update(professionals)
      .set({ status: 'awaiting_email' })
      .where(eq(professionals.id, professional.id));
    const code = await codeFor('professional', professional.email);
    await post(routes.professional.reset, { email: professional.email, code, newPassword: NEW_PASSWORD });
    const [row] = await t.database.db.select().from(professionals).where(eq(professionals.id, professional.id));
    expect(row?.status).toBe('active');
    expect(row?.emailConfirmedAt).not.toBeNull();
  });

  it('resets every shopkeeper account of the e-mail at once (one person, several stores)', async () => {
    const code = await codeFor('shopkeeper', 'sergio@especifica.dev');
    await post(routes.shopkeeper.reset, { email: 'sergio@especifica.dev', code, newPassword: NEW_PASSWORD });
    await tokenFor(t.app, 'shopkeeper', 'sergio@especifica.dev', NEW_PASSWORD);
    const back = await codeFor('shopkeeper', 'sergio@especifica.dev');
    await post(routes.shopkeeper.reset, { email: 'sergio@especifica.dev', code: back, newPassword: DEMO_PASSWORD });
    const rows = await t.database.db.select().from(storeUsers).where(eq(storeUsers.email, 'sergio@especifica.dev'));
    expect(rows.length).toBeGreaterThan(0);
  });

  describe('rate limits', () => {
    it('answers 429 {msg, code} to the sixth code asked for one e-mail within the hour, from any address', async () => {
      const email = 'limite-recuperacao@especifica.dev';
      for (let i = 0; i < 5; i++) expect((await post(routes.professional.recover, { email })).statusCode).toBe(200);
      const sixth = await post(routes.professional.recover, { email });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual(tooMany);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('answers 429 to one address asking for codes of many e-mails', async () => {
      const ip = freshIp();
      for (let i = 0; i < 30; i++) {
        expect((await post(routes.professional.recover, { email: `ip${i}@especifica.dev` }, ip)).statusCode).toBe(200);
      }
      expect((await post(routes.professional.recover, { email: 'ip-last@especifica.dev' }, ip)).statusCode).toBe(429);
    });

    it('answers 429 to the eleventh reset try for one e-mail', async () => {
      const email = 'limite-reset@especifica.dev';
      for (let i = 0; i < 10; i++) {
        const response = await post(routes.shopkeeper.reset, { email, code: '123456', newPassword: NEW_PASSWORD });
        expect(response.statusCode).toBe(400);
      }
      const response = await post(routes.shopkeeper.reset, { email, code: '123456', newPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual(tooMany);
    });

    it('locks an account after 10 wrong passwords, even for the right one and from another address', async () => {
      const professional = await createProfessional(t.database);
      for (let i = 0; i < 10; i++) {
        const wrong = await post(loginRoutes.professional, { email: professional.email, password: 'errada-123' });
        expect(wrong.statusCode).toBe(401);
      }
      const right = await post(loginRoutes.professional, {
        email: professional.email,
        password: professional.password,
      });
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual(tooMany);
    });

    it('never locks out repeated right logins of one account', async () => {
      const ip = freshIp();
      for (let i = 0; i < 25; i++) {
        const response = await post(
          loginRoutes.shopkeeper,
          { email: 'sergio@especifica.dev', password: DEMO_PASSWORD },
          ip,
        );
        expect(response.statusCode).toBe(200);
      }
    });

    it('answers 429 to one address after 100 failed logins across accounts', async () => {
      const ip = freshIp();
      for (let i = 0; i < 100; i++) {
        await post(loginRoutes.admin, { email: `ninguem${i}@especifica.dev`, password: 'errada-123' }, ip);
      }
      const response = await post(loginRoutes.admin, { email: 'admin@especifica.dev', password: DEMO_PASSWORD }, ip);
      expect(response.statusCode).toBe(429);
    });
  });
});
