import { loginResponseSchema } from '@especifica/mf-shared/contracts';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { professionals } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/demo/seed';
import { createProfessional, loginRoutes, startTestApp, type TestApp } from './support/app';
import { testDrivers } from './support/database';

const invalidCredentials = { msg: 'Login ou senha inválidos', code: 'invalid.credentials' };

describe.each(testDrivers)('login routes on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  }, 60_000);
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

  describe('POST /api/auth/login', () => {
    it('signs a professional in with the session of the contract', async () => {
      const response = await post(loginRoutes.professional, { email: 'ana@especifica.dev', password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(200);
      const body = z.parse(loginResponseSchema, response.json());
      expect(body.user).toEqual({
        name: 'Ana Arquiteta',
        email: 'ana@especifica.dev',
        profileImage: null,
        userType: 'professional',
        shopkeeperType: null,
      });
      expect(body.accessToken.split('.')).toHaveLength(3);
    });

    it('finds the account whatever the case and spaces of the e-mail', async () => {
      const response = await post(loginRoutes.professional, {
        email: '  Ana@Especifica.DEV ',
        password: DEMO_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown e-mail with the same 401', async () => {
      const wrong = await post(loginRoutes.professional, { email: 'ana@especifica.dev', password: 'errada' });
      const unknown = await post(loginRoutes.professional, { email: 'ninguem@especifica.dev', password: 'errada' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(invalidCredentials);
      expect(unknown.json()).toEqual(invalidCredentials);
    });

    it('asks for a valid login when the e-mail is empty', async () => {
      const response = await post(loginRoutes.professional, { email: '', password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ msg: 'Digite um login válido.', code: 'validation' });
      expect(response.json().data).toContainEqual({ field: 'email', message: 'Digite um login válido.' });
    });

    it('asks for the password when it is empty', async () => {
      const response = await post(loginRoutes.professional, { email: 'ana@especifica.dev', password: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        msg: 'Digite a senha.',
        code: 'validation',
        data: [{ field: 'password', message: 'Digite a senha.' }],
      });
    });

    it('asks for a valid login when the e-mail is not an e-mail or missing', async () => {
      for (const payload of [{ email: 'ana', password: 'x' }, { password: 'x' }]) {
        const response = await post(loginRoutes.professional, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().msg).toBe('Digite um login válido.');
      }
    });

    it('answers a body that is not JSON with bad-json', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: loginRoutes.professional,
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "ana@',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ msg: 'O corpo da requisição não é um JSON válido.', code: 'bad-json' });
    });
  });

  describe('POST /api/auth/shopkeeper-login', () => {
    it.each([
      ['sergio@especifica.dev', 'Sérgio Vendedor', 'seller'],
      ['carla@especifica.dev', 'Carla Consultora', 'consultant'],
    ])('signs the shopkeeper %s in with the shopkeeper type', async (email, name, shopkeeperType) => {
      const response = await post(loginRoutes.shopkeeper, { email, password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toEqual({ name, email, profileImage: null, userType: 'shopkeeper', shopkeeperType });
    });

    it('does not sign a professional in as a shopkeeper', async () => {
      const response = await post(loginRoutes.shopkeeper, { email: 'ana@especifica.dev', password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(invalidCredentials);
    });
  });

  describe('POST /api/auth/admin-login', () => {
    it('signs an admin in', async () => {
      const response = await post(loginRoutes.admin, { email: 'admin@especifica.dev', password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({
        name: 'Administradora Demo',
        userType: 'admin',
        shopkeeperType: null,
      });
    });

    it("refuses a professional's credentials", async () => {
      const response = await post(loginRoutes.admin, { email: 'ana@especifica.dev', password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(invalidCredentials);
    });
  });

  describe('any login route', () => {
    it('verifies one argon2 hash whether the e-mail exists or not, so the time does not tell', async () => {
      const verify = jest.spyOn(argon2, 'verify');
      try {
        for (const email of ['ana@especifica.dev', 'ninguem@especifica.dev']) {
          verify.mockClear();
          await t.app.inject({ method: 'POST', url: loginRoutes.professional, payload: { email, password: 'errada' } });
          expect(verify).toHaveBeenCalledTimes(1);
          expect(String(verify.mock.calls[0]?.[0])).toMatch(/^\$argon2id\$/);
        }
      } finally {
        verify.mockRestore();
      }
    });

    it('refuses an inactive account with the same answer as a wrong password', async () => {
      const professional = await createProfessional(t.database);
      await t.database.db
        .update(professionals)
        .set({ behaviour: 'inactive' })
        .where(eq(professionals.id, professional.id));
      const response = await t.app.inject({
        method: 'POST',
        url: loginRoutes.professional,
        payload: { email: professional.email, password: professional.password },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(invalidCredentials);
    });
  });
});
