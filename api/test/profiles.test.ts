import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { professionals } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/demo/seed';
import { bearer, createProfessional, startTestApp, type TestApp, tokenFor } from './support/app';
import { testDrivers } from './support/database';
import { multipart, newCpf, PDF, PNG, professionalForm } from './support/forms';

describe.each(testDrivers)('profiles on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  }, 60_000);
  afterAll(() => t?.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const postForm = (url: string, token: string, fields: Record<string, unknown>, file?: { data: Buffer }) => {
    const body = multipart(fields, file);
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  };
  const uploads = () => {
    try {
      return readdirSync(path.join(t.config.dataDir, 'uploads', 'avatars'));
    } catch {
      return [];
    }
  };

  async function ownProfessional() {
    const professional = await createProfessional(t.database);
    return { ...professional, token: await tokenFor(t.app, 'professional', professional.email, professional.password) };
  }

  function updateFields(id: string, email: string, overrides: Record<string, unknown> = {}) {
    const { password: _p, acceptTerms: _a, ...form } = professionalForm({ email });
    return { _id: id, ...form, ...overrides };
  }

  describe('GET /api/professionals/get-profile-data', () => {
    it("answers the professional's own data", async () => {
      const me = await ownProfessional();
      const response = await get('/api/professionals/get-profile-data', me.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        userType: 'professional',
        _id: me.id,
        email: me.email,
        profileImage: null,
      });
    });

    it("answers the shopkeeper's own data with the store", async () => {
      const token = await tokenFor(t.app, 'shopkeeper', 'carla@especifica.dev');
      const response = await get('/api/professionals/get-profile-data', token);
      expect(response.json()).toMatchObject({
        userType: 'shopkeeper',
        name: 'Carla Consultora',
        shopkeeperType: 'consultant',
        store: { name: 'Casa & Acabamento Demo' },
      });
    });
  });

  describe('POST /api/professionals/update-me', () => {
    it('saves the data and answers "Profissional atualizado com sucesso!" with the name for the header', async () => {
      const me = await ownProfessional();
      const response = await postForm(
        '/api/professionals/update-me',
        me.token,
        updateFields(me.id, me.email, { name: 'Nome Novo' }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        msg: 'Profissional atualizado com sucesso!',
        user: { name: 'Nome Novo', email: me.email, profileImage: null },
      });
      const [row] = await t.database.db.select().from(professionals).where(eq(professionals.id, me.id));
      expect(row).toMatchObject({ name: 'Nome Novo', profession: 'Arquiteto', cau: 'A123456-7' });
    });

    it('changes only the phone of an older account that lacks its address and holds "Arquiteta"', async () => {
      const me = await ownProfessional();
      await t.database.db
        .update(professionals)
        .set({ address: null, birthDate: null, modality: null, profession: 'Arquiteta', cau: 'A98765' })
        .where(eq(professionals.id, me.id));
      const response = await postForm('/api/professionals/update-me', me.token, {
        _id: me.id,
        cellphone: '(11) 98888-7777',
      });
      expect(response.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(professionals).where(eq(professionals.id, me.id));
      expect(row).toMatchObject({ cellphone: '11988887777', address: null, name: me.name, cau: 'A98765' });
      // The profile reads the option the old value stands for, so the form shows it chosen and asks for the CAU.
      const profile = (await get('/api/professionals/get-profile-data', me.token)).json();
      expect(profile.profession).toBe('Arquiteto');
    });

    it('saves the e-mail consent alone, or nothing at all, leaving the data as it is', async () => {
      const me = await ownProfessional();
      const [before] = await t.database.db.select().from(professionals).where(eq(professionals.id, me.id));
      const nothing = await postForm('/api/professionals/update-me', me.token, { _id: me.id });
      expect(nothing.statusCode).toBe(200);
      const consent = await postForm('/api/professionals/update-me', me.token, {
        _id: me.id,
        acceptReceiveEmail: true,
      });
      expect(consent.statusCode).toBe(200);
      const [after] = await t.database.db.select().from(professionals).where(eq(professionals.id, me.id));
      expect({ ...after, acceptReceiveEmail: before?.acceptReceiveEmail, updatedAt: before?.updatedAt }).toEqual(
        before,
      );
    });

    it('checks what is sent as at sign-up: a part of an address, or a profession without its number, is refused', async () => {
      const me = await ownProfessional();
      const before = (await t.database.db.select().from(professionals).where(eq(professionals.id, me.id)))[0];
      const partAddress = await postForm('/api/professionals/update-me', me.token, {
        _id: me.id,
        address: { zipCode: '01310-100' },
      });
      expect(partAddress.statusCode).toBe(400);
      expect(partAddress.json().data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'address.street', message: 'Digite um endereço válido.' }),
        ]),
      );
      const engineer = await postForm('/api/professionals/update-me', me.token, {
        _id: me.id,
        profession: 'Engenheira',
      });
      expect(engineer.statusCode).toBe(400);
      expect(engineer.json().data).toEqual([{ field: 'crea', message: 'Digite um número de registro válido.' }]);
      const after = (await t.database.db.select().from(professionals).where(eq(professionals.id, me.id)))[0];
      expect(after).toEqual(before);

      // Written another way, a profession is taken as its option, with the number it needs.
      const saved = await postForm('/api/professionals/update-me', me.token, {
        _id: me.id,
        profession: 'engenheira civil',
        crea: 'SP-123',
      });
      expect(saved.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(professionals).where(eq(professionals.id, me.id));
      expect(row).toMatchObject({ profession: 'Engenheiro', crea: 'SP-123', cau: null });
    });

    it("answers the invalid-id 404 to another user's id and changes nothing", async () => {
      const me = await ownProfessional();
      const other = await ownProfessional();
      const response = await postForm(
        '/api/professionals/update-me',
        me.token,
        updateFields(other.id, other.email, { name: 'Invasor' }),
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        msg: 'Ocorreu um erro, por favor tente novamente (id inválido).',
        code: 'invalid-id',
      });
      const [row] = await t.database.db.select().from(professionals).where(eq(professionals.id, other.id));
      expect(row?.name).not.toBe('Invasor');
    });

    it('asks for the current password to change it, and the change ends every other token', async () => {
      const me = await ownProfessional();
      const elsewhere = await tokenFor(t.app, 'professional', me.email, me.password);
      const fields = updateFields(me.id, me.email, { password: 'a nova senha do perfil' });
      const without = await postForm('/api/professionals/update-me', me.token, fields);
      expect(without.statusCode).toBe(400);
      expect(without.json()).toMatchObject({ msg: 'A senha atual não confere.', data: [{ field: 'currentPassword' }] });
      const wrong = await postForm('/api/professionals/update-me', me.token, {
        ...fields,
        currentPassword: 'errada-123',
      });
      expect(wrong.statusCode).toBe(400);

      const changed = await postForm('/api/professionals/update-me', me.token, {
        ...fields,
        currentPassword: me.password,
      });
      expect(changed.statusCode).toBe(200);
      const fresh = changed.json().accessToken as string;
      expect((await get('/api/professionals/get-profile-data', elsewhere)).statusCode).toBe(401);
      expect((await get('/api/professionals/get-profile-data', me.token)).statusCode).toBe(401);
      expect((await get('/api/professionals/get-profile-data', fresh)).statusCode).toBe(200);
      await tokenFor(t.app, 'professional', me.email, 'a nova senha do perfil');
    });

    it('changes only the password when the form sends only _id, password and currentPassword', async () => {
      const me = await ownProfessional();
      const fields = { _id: me.id, password: 'senha trocada sozinha', currentPassword: me.password };
      const response = await postForm('/api/professionals/update-me', me.token, fields);
      expect(response.statusCode).toBe(200);
      expect(response.json().accessToken).toEqual(expect.any(String));
      expect((await get('/api/professionals/get-profile-data', me.token)).statusCode).toBe(401);
      await tokenFor(t.app, 'professional', me.email, 'senha trocada sozinha');
      const wrong = await postForm('/api/professionals/update-me', response.json().accessToken, {
        ...fields,
        currentPassword: 'errada-123',
      });
      expect(wrong.json().data).toEqual([{ field: 'currentPassword', message: 'A senha atual não confere.' }]);
    });

    it('answers 409 to the e-mail or the CPF of another professional', async () => {
      const me = await ownProfessional();
      const cpf = newCpf();
      await t.database.db.update(professionals).set({ cpf }).where(eq(professionals.email, 'eduardo@especifica.dev'));
      const email = await postForm('/api/professionals/update-me', me.token, updateFields(me.id, 'ana@especifica.dev'));
      expect(email.json().code).toBe('email-taken');
      const fields = updateFields(me.id, me.email);
      const taken = await postForm('/api/professionals/update-me', me.token, {
        ...fields,
        userData: { ...fields.userData, cpf },
      });
      expect(taken.json().code).toBe('cpf-taken');
    });

    it('is for professionals only: a shopkeeper token answers 403', async () => {
      const token = await tokenFor(t.app, 'shopkeeper', 'sergio@especifica.dev');
      const response = await postForm('/api/professionals/update-me', token, {});
      expect(response.statusCode).toBe(403);
    });
  });

  describe('POST /api/professionals/set-profile-image', () => {
    it('stores the picture under a name of its own, serves it, and removes the old one', async () => {
      const me = await ownProfessional();
      const first = await postForm('/api/professionals/set-profile-image', me.token, {}, { data: PNG });
      expect(first.statusCode).toBe(200);
      const url = first.json().profileImage as string;
      expect(url).toMatch(/^\/api\/files\/avatars\/[0-9a-f-]{36}\.png$/);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);

      const second = await postForm('/api/professionals/set-profile-image', me.token, {}, { data: PNG });
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect(uploads()).toContain(path.basename(second.json().profileImage));
      const profile = await get('/api/professionals/get-profile-data', me.token);
      expect(profile.json().profileImage).toBe(second.json().profileImage);
    });

    it('refuses a file that is not an image by its content (a PDF named .png) with 415', async () => {
      const me = await ownProfessional();
      const response = await postForm('/api/professionals/set-profile-image', me.token, {}, { data: PDF });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        msg: 'Tipo de arquivo não aceito: envie uma imagem JPG, PNG ou WEBP.',
        code: 'file-type',
      });
    });

    it('refuses an image over 2 MB with 413 and keeps the old picture', async () => {
      const me = await ownProfessional();
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      const response = await postForm('/api/professionals/set-profile-image', me.token, {}, { data: big });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ msg: 'O arquivo é grande demais: o limite é 2 MB.', code: 'file-too-large' });
      const [row] = await t.database.db.select().from(professionals).where(eq(professionals.id, me.id));
      expect(row?.profileImage).toBeNull();
    });

    it('lets a shopkeeper change their picture too', async () => {
      const token = await tokenFor(t.app, 'shopkeeper', 'sergio@especifica.dev');
      const response = await postForm('/api/professionals/set-profile-image', token, {}, { data: PNG });
      expect(response.statusCode).toBe(200);
    });

    it('never serves anything but an avatar name', async () => {
      for (const url of ['/api/files/avatars/..%2F..%2Fjwt-secret', '/api/files/abd-certificates/x.pdf']) {
        expect([400, 404]).toContain((await t.app.inject({ method: 'GET', url })).statusCode);
      }
    });
  });

  describe('POST /api/shopkeeper/update-me', () => {
    it("updates the shopkeeper's own data and refuses another id", async () => {
      const token = await tokenFor(t.app, 'shopkeeper', 'carla@especifica.dev');
      const me = (await get('/api/professionals/get-profile-data', token)).json();
      const fields = {
        _id: me._id,
        name: 'Carla C. Consultora',
        email: me.email,
        cellphone: '11955554444',
        cpf: newCpf(),
      };
      const ok = await postForm('/api/shopkeeper/update-me', token, fields);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.name).toBe('Carla C. Consultora');
      const password = await postForm('/api/shopkeeper/update-me', token, {
        _id: me._id,
        password: 'nova senha da carla',
        currentPassword: DEMO_PASSWORD,
      });
      expect(password.statusCode).toBe(200);
      expect(password.json().user.name).toBe('Carla C. Consultora');
      await tokenFor(t.app, 'shopkeeper', 'carla@especifica.dev', 'nova senha da carla');
      const other = await postForm('/api/shopkeeper/update-me', password.json().accessToken, {
        ...fields,
        _id: '00000000-0000-4000-8000-000000000000',
      });
      expect(other.statusCode).toBe(404);
      expect(other.json().code).toBe('invalid-id');
    });
  });

  describe('admin profile: /api/cms/users/me, update-me, set-profile-image', () => {
    it('reads and changes the admin, with a new token after a password change', async () => {
      const token = await tokenFor(t.app, 'admin', 'admin@especifica.dev');
      const me = await get('/api/cms/users/me', token);
      expect(me.json()).toMatchObject({
        name: 'Administradora Demo',
        email: 'admin@especifica.dev',
        profileImage: null,
      });
      const update = await t.app.inject({
        method: 'POST',
        url: '/api/cms/users/update-me',
        headers: bearer(token),
        payload: {
          name: 'Admin Renomeada',
          email: 'admin@especifica.dev',
          password: 'outra senha admin',
          currentPassword: DEMO_PASSWORD,
        },
      });
      expect(update.json()).toMatchObject({
        msg: 'Usuário atualizado com sucesso!',
        user: { name: 'Admin Renomeada' },
      });
      expect((await get('/api/cms/users/me', token)).statusCode).toBe(401);
      const fresh = update.json().accessToken as string;
      const image = await postForm('/api/cms/users/set-profile-image', fresh, {}, { data: PNG });
      expect(image.statusCode).toBe(200);
      expect((await get('/api/cms/users/me', fresh)).json().profileImage).toBe(image.json().profileImage);
    });

    it('is for admins only', async () => {
      const token = await tokenFor(t.app, 'professional', 'eduardo@especifica.dev');
      expect((await get('/api/cms/users/me', token)).statusCode).toBe(403);
    });
  });
});
