import { and, eq } from 'drizzle-orm';
import { stores, storeUsers } from '../src/db/schema';
import { DEMO_STORE_CNPJ } from '../src/demo/seed';
import { withCnpjCheckDigits } from '../src/domain/cnpj';
import { startTestApp, type TestApp } from './support/app';
import { testDrivers } from './support/database';
import { confirmationTokenFor, lastMailTo, resetCodeIn } from './support/outbox';
import { shopkeeperLogin, shopkeeperSignUpForm, storeUserRow } from './support/sign-ups';

const masked = (cnpj: string) =>
  `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;

describe.each(testDrivers)('shopkeeper sign-up on %s', (driver) => {
  let t: TestApp;
  let storeId = '';
  beforeAll(async () => {
    t = await startTestApp(driver);
    const [store] = await t.database.db.select().from(stores).where(eq(stores.cnpj, DEMO_STORE_CNPJ));
    storeId = store?.id ?? '';
  }, 60_000);
  afterAll(() => t?.close());

  const find = (cnpj: string) =>
    t.app.inject({ method: 'GET', url: `/api/shopkeeper/get-store-by-cnpj?cnpj=${encodeURIComponent(cnpj)}` });
  const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/shopkeeper/create', payload });
  const login = (body: { email: string; password: string }) => shopkeeperLogin(t, body);
  const form = (overrides: object = {}) => shopkeeperSignUpForm(storeId, overrides);

  describe('GET /api/shopkeeper/get-store-by-cnpj', () => {
    it('finds the demo store by its CNPJ, masked or not', async () => {
      for (const cnpj of [DEMO_STORE_CNPJ, masked(DEMO_STORE_CNPJ)]) {
        const response = await find(cnpj);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ id: storeId, name: 'Casa & Acabamento Demo', cnpj: DEMO_STORE_CNPJ });
      }
    });

    it('finds a store with an alphanumeric CNPJ typed in lower case', async () => {
      const cnpj = withCnpjCheckDigits('AB12CD34EF56');
      await t.database.db.insert(stores).values({ cnpj, name: 'Loja Alfanumérica' });
      const response = await find(masked(cnpj).toLowerCase());
      expect(response.json()).toMatchObject({ name: 'Loja Alfanumérica', cnpj });
    });

    it('answers a clear 404 to a valid CNPJ with no store', async () => {
      const response = await find(withCnpjCheckDigits('999999990001'));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        msg: 'Não encontramos uma loja participante com este CNPJ. Confira o número ou fale com a sua loja.',
        code: 'store-not-found',
      });
    });

    it('refuses bad CNPJ check digits', async () => {
      const response = await find('12.345.678/0001-00');
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe('Digite um CNPJ válido.');
    });
  });

  describe('POST /api/shopkeeper/create', () => {
    it('creates a seller awaiting e-mail confirmation, e-mails the link, and the link lets them log in', async () => {
      const body = form();
      const response = await create(body);
      expect(response.statusCode).toBe(201);
      expect(response.json().msg).toBe(
        'Cadastro de lojista realizado! Enviamos um link de confirmação para o seu e-mail. Depois de confirmar, entre com seu e-mail e senha: a loja ou o programa ainda vai aprovar o seu cadastro.',
      );
      expect(await storeUserRow(t, { email: body.email })).toMatchObject({
        storeId,
        shopkeeperType: 'seller',
        cpf: body.cpf,
        acceptedTermsVersion: 2,
        emailConfirmedAt: null,
      });
      const sent = await lastMailTo(t.app, body.email);
      expect(sent.subject).toBe('Confirme seu e-mail no Especifica');

      const before = await login(body);
      expect(before.statusCode).toBe(403);
      expect(before.json()).toEqual({
        msg: 'Confirme seu e-mail pelo link que enviamos para entrar. Enviamos um novo link agora.',
        code: 'email-not-confirmed',
      });

      const token = await confirmationTokenFor(t.app, body.email);
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/professionals/validate-email',
        payload: { id: token },
      });
      expect(confirmed.json()).toEqual({ msg: 'E-mail validado com sucesso!' });
      expect((await lastMailTo(t.app, body.email)).subject).toBe('Boas-vindas ao Especifica');
      const after = await login(body);
      expect(after.statusCode).toBe(200);
      expect(after.json().user).toMatchObject({ userType: 'shopkeeper', shopkeeperType: 'seller' });
      // Opening the same e-mail again is not an error.
      const twice = await t.app.inject({
        method: 'POST',
        url: '/api/professionals/validate-email',
        payload: { id: token },
      });
      expect(twice.statusCode).toBe(200);
    });

    it('sends a new link at each login before confirmation, and the first link still works', async () => {
      const body = form();
      await create(body);
      const first = await confirmationTokenFor(t.app, body.email);
      expect((await login(body)).json().code).toBe('email-not-confirmed');
      const second = await confirmationTokenFor(t.app, body.email);
      expect(second).not.toBe(first);
      // A wrong password says nothing of the account and sends nothing.
      const wrong = await login({ ...body, password: 'outra senha qualquer' });
      expect(wrong.statusCode).toBe(401);
      expect(await confirmationTokenFor(t.app, body.email)).toBe(second);
      await t.app.inject({ method: 'POST', url: '/api/professionals/validate-email', payload: { id: first } });
      expect((await login(body)).statusCode).toBe(200);
    });

    it('confirms the e-mail by a password reset, since the code came by e-mail', async () => {
      const body = form();
      await create(body);
      await t.app.inject({ method: 'POST', url: '/api/auth/recover-shopkeeper', payload: { email: body.email } });
      const code = resetCodeIn(await lastMailTo(t.app, body.email));
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-shopkeeper',
        payload: { email: body.email, code, newPassword: 'uma senha nova da loja' },
      });
      expect(reset.statusCode).toBe(200);
      expect((await login({ ...body, password: 'uma senha nova da loja' })).statusCode).toBe(200);
    }, 15_000);

    it('answers 409 to an e-mail or a CPF already in the store', async () => {
      const first = form();
      await create(first);
      expect((await create(form({ email: first.email }))).json()).toMatchObject({ code: 'email-taken' });
      expect((await create(form({ cpf: first.cpf }))).json()).toMatchObject({ code: 'cpf-taken' });
    });

    it('lets one e-mail work at a second store (one person, two accounts)', async () => {
      const [other] = await t.database.db
        .insert(stores)
        .values({ cnpj: withCnpjCheckDigits('111222330001'), name: 'Segunda Loja' })
        .returning();
      const body = form();
      await create(body);
      expect((await create({ ...body, storeId: other?.id })).statusCode).toBe(201);
      const rows = await t.database.db.select().from(storeUsers).where(eq(storeUsers.email, body.email));
      expect(rows).toHaveLength(2);
    });

    it.each([
      ['the terms not accepted', { acceptTerms: false }, 'Você precisa aceitar os termos de uso'],
      ['bad CPF digits', { cpf: '52998224700' }, 'Digite um CPF válido.'],
      [
        'a common password',
        { password: 'password123' },
        'Essa senha é muito comum e fácil de adivinhar. Escolha outra.',
      ],
    ])('refuses %s', async (_case, overrides, msg) => {
      const response = await create(form(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(msg);
    });

    it('refuses a store that does not exist or is inactive', async () => {
      const [inactive] = await t.database.db
        .insert(stores)
        .values({ cnpj: withCnpjCheckDigits('444555660001'), name: 'Inativa', active: false })
        .returning();
      const response = await create(form({ storeId: inactive?.id }));
      expect(response.statusCode).toBe(404);
      const rows = await t.database.db
        .select()
        .from(storeUsers)
        .where(and(eq(storeUsers.storeId, inactive?.id ?? '')));
      expect(rows).toHaveLength(0);
    });
  });
});
