import { eq } from 'drizzle-orm';
import { professionals } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/demo/seed';
import { hashPassword } from '../src/security/passwords';
import { bearer, cheapArgon2, loginRoutes, startTestApp, type TestApp } from './support/app';
import { testDrivers } from './support/database';
import { multipart, professionalForm } from './support/forms';

const DASHBOARD = '/api/professionals/get-dashboard-data';

describe.each(testDrivers)('login outcomes on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  }, 60_000);
  afterAll(() => t?.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  describe('user-incomplete', () => {
    async function incomplete() {
      const email = `incompleto.${Math.random().toString(36).slice(2)}@especifica.dev`;
      await t.database.db.insert(professionals).values({
        name: 'Incompleto da Silva',
        email,
        passwordHash: await hashPassword(DEMO_PASSWORD, cheapArgon2),
        status: 'incomplete',
        emailConfirmedAt: new Date(),
      });
      return email;
    }

    it('answers the user id, the stores and a registration token, and the registration is finished with them', async () => {
      const email = await incomplete();
      const response = await post(loginRoutes.professional, { email, password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(403);
      const body = response.json();
      expect(body).toMatchObject({ msg: 'Complete seu cadastro para continuar.', code: 'user-incomplete' });
      expect(body.data.stores).toEqual([{ id: expect.any(String), name: 'Casa & Acabamento Demo' }]);
      expect(body.data.user).toEqual({ name: 'Incompleto da Silva', email });

      const {
        password: _password,
        acceptTerms,
        ...data
      } = professionalForm({ email, profession: 'Engenheiro', crea: 'SP-1' });
      const done = await t.app.inject({
        method: 'POST',
        url: '/api/professionals/update',
        ...multipart({ ...data, acceptTerms, registrationToken: body.data.registrationToken }),
      });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ msg: 'Cadastro concluído! Entre com seu e-mail e senha.', status: 'active' });
      const login = await post(loginRoutes.professional, { email, password: DEMO_PASSWORD });
      expect(login.statusCode).toBe(200);
      // The token finished one registration: it cannot finish it again.
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/professionals/update',
        ...multipart({ ...data, acceptTerms, registrationToken: body.data.registrationToken }),
      });
      expect(again.json().code).toBe('registration-token-invalid');
    });

    it('says user-incomplete only to the right password', async () => {
      const email = await incomplete();
      const response = await post(loginRoutes.professional, { email, password: 'senha-errada' });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid.credentials');
    });

    it('refuses a registration token that was forged or is an access token', async () => {
      const token = (
        await post(loginRoutes.professional, { email: 'ana@especifica.dev', password: DEMO_PASSWORD })
      ).json().accessToken as string;
      const { password: _p, ...data } = professionalForm();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/professionals/update',
        ...multipart({ ...data, registrationToken: token }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('registration-token-invalid');
    });
  });

  describe('LOGIN_ACCEPT_TERM_IN', () => {
    it('answers the current regulation instead of a session, and accepting it opens the session', async () => {
      const response = await post(loginRoutes.professional, { email: 'paula@especifica.dev', password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(200);
      const pending = response.json();
      expect(pending).not.toHaveProperty('accessToken');
      expect(pending.terms).toMatchObject({ version: 2, title: 'Regulamento do Programa Especifica (versão 2)' });
      // The step token opens nothing by itself.
      expect(
        (await t.app.inject({ method: 'GET', url: DASHBOARD, headers: bearer(pending.termsToken) })).statusCode,
      ).toBe(401);

      const refused = await post('/api/auth/accept-terms', {
        termsToken: pending.termsToken,
        version: 2,
        accept: false,
      });
      expect(refused.json().msg).toBe('Você precisa aceitar os termos de uso');
      const outdated = await post('/api/auth/accept-terms', {
        termsToken: pending.termsToken,
        version: 1,
        accept: true,
      });
      expect(outdated.statusCode).toBe(409);
      expect(outdated.json().code).toBe('terms-outdated');

      const accepted = await post('/api/auth/accept-terms', {
        termsToken: pending.termsToken,
        version: 2,
        accept: true,
      });
      expect(accepted.statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: DASHBOARD, headers: bearer(accepted.json().accessToken) }))
          .statusCode,
      ).toBe(200);
      const [paula] = await t.database.db
        .select()
        .from(professionals)
        .where(eq(professionals.email, 'paula@especifica.dev'));
      expect(paula?.acceptedTermsVersion).toBe(2);
      const next = await post(loginRoutes.professional, { email: 'paula@especifica.dev', password: DEMO_PASSWORD });
      expect(next.json()).toHaveProperty('accessToken');
    });

    it('serves the current regulation to anybody', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/terms/current' });
      expect(response.json()).toMatchObject({ version: 2 });
    });
  });

  describe('several accounts under one e-mail', () => {
    it('marks the session loginAllUsers, lists both accounts and switches between them', async () => {
      const login = await post(loginRoutes.professional, { email: 'marina@especifica.dev', password: DEMO_PASSWORD });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ loginAllUsers: true, user: { userType: 'professional' } });
      const token = login.json().accessToken as string;

      const list = await t.app.inject({ method: 'GET', url: '/api/auth/accounts', headers: bearer(token) });
      expect(list.json().accounts).toEqual([
        expect.objectContaining({ role: 'professional', name: 'Marina Duarte', current: true, storeName: null }),
        expect.objectContaining({ role: 'shopkeeper', current: false, storeName: 'Casa & Acabamento Demo' }),
      ]);
      const shopkeeper = list.json().accounts[1];
      const switched = await post('/api/auth/switch-account', { id: shopkeeper.id, role: 'shopkeeper' }, bearer(token));
      expect(switched.statusCode).toBe(200);
      expect(switched.json()).toMatchObject({
        loginAllUsers: true,
        user: { userType: 'shopkeeper', shopkeeperType: 'seller' },
      });
      const back = await t.app.inject({
        method: 'GET',
        url: '/api/auth/accounts',
        headers: bearer(switched.json().accessToken),
      });
      expect(back.json().accounts.map((a: { current: boolean }) => a.current)).toEqual([false, true]);
    });

    it('answers ACCOUNT_SWITCHED_ERROR for an account the login did not open', async () => {
      const login = await post(loginRoutes.professional, { email: 'ana@especifica.dev', password: DEMO_PASSWORD });
      const marina = await post(loginRoutes.shopkeeper, { email: 'marina@especifica.dev', password: DEMO_PASSWORD });
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/auth/accounts',
        headers: bearer(marina.json().accessToken),
      });
      const other = list.json().accounts.find((a: { role: string }) => a.role === 'shopkeeper');
      const response = await post(
        '/api/auth/switch-account',
        { id: other.id, role: 'shopkeeper' },
        bearer(login.json().accessToken),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ACCOUNT_SWITCHED_ERROR');
    });

    it('opens one account only when the login of a single account', async () => {
      const login = await post(loginRoutes.professional, { email: 'ana@especifica.dev', password: DEMO_PASSWORD });
      expect(login.json().loginAllUsers).toBe(false);
    });
  });
});
