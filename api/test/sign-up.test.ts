import { eq } from 'drizzle-orm';
import { professionals, stores, storeUsers } from '../src/db/schema';
import { withCnpjCheckDigits } from '../src/domain/cnpj';
import { loginRoutes, startTestApp, type TestApp } from './support/app';
import { testDrivers } from './support/database';
import { multipart, newCpf, PDF, PNG, professionalForm } from './support/forms';
import { lastMailTo } from './support/outbox';

let ip = 0;
const nextIp = () => `10.1.${Math.floor(++ip / 250)}.${ip % 250}`;

describe.each(testDrivers)('professional sign-up on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  }, 60_000);
  afterAll(() => t?.close());

  const create = (fields: Record<string, unknown>, file?: { data: Buffer; name?: string }, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/professionals/create', remoteAddress, ...multipart(fields, file) });
  const row = async (email: string) =>
    (await t.database.db.select().from(professionals).where(eq(professionals.email, email)))[0];
  const confirmToken = async (email: string) => {
    const mail = await lastMailTo(t.app, email);
    const link = /(http\S+\/email-confirm\?id=(\S+))/.exec(mail.text);
    if (!link?.[2]) throw new Error(`no link in ${mail.text}`);
    return decodeURIComponent(link[2]);
  };
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });

  describe('POST /api/professionals/create', () => {
    it('creates an architect awaiting confirmation, e-mails the link, and the link activates the account', async () => {
      const form = professionalForm({ crea: 'should-drop', abd: 'should-drop' });
      const response = await create(form);
      expect(response.statusCode).toBe(201);
      const saved = await row(form.email);
      expect(saved).toMatchObject({
        status: 'awaiting_email',
        cpf: form.userData.cpf,
        cellphone: '11987654321',
        birthDate: '1990-05-17',
        profession: 'Arquiteto',
        cau: 'A123456-7',
        crea: null,
        abd: null,
        acceptedTermsVersion: 2,
      });
      expect(saved?.address).toMatchObject({ zipCode: '01310100', city: 'São Paulo', state: 'SP' });
      expect(saved?.passwordHash).toMatch(/^\$argon2id\$/);

      const before = await post(loginRoutes.professional, { email: form.email, password: form.password });
      expect(before.statusCode).toBe(403);
      expect(before.json().code).toBe('email-not-confirmed');

      const token = await confirmToken(form.email);
      const confirmed = await post('/api/professionals/validate-email', { id: token });
      expect(confirmed.json()).toEqual({ msg: 'E-mail validado com sucesso!' });
      expect((await row(form.email))?.status).toBe('active');
      const welcome = await lastMailTo(t.app, form.email);
      expect(welcome.subject).toBe('Boas-vindas ao Especifica');
      const login = await post(loginRoutes.professional, { email: form.email, password: form.password });
      expect(login.statusCode).toBe(200);
      // Opening the same e-mail again is not an error.
      expect((await post('/api/professionals/validate-email', { id: token })).statusCode).toBe(200);
    });

    it('keeps crea only for Engenheiro', async () => {
      const form = professionalForm({ profession: 'Engenheiro', crea: 'SP-123456', cau: 'drop' });
      expect((await create(form)).statusCode).toBe(201);
      expect(await row(form.email)).toMatchObject({ crea: 'SP-123456', cau: null, abd: null });
    });

    it('keeps abd and the certificate for Designer de Interiores, and drops crea', async () => {
      const form = professionalForm({
        profession: 'Designer de Interiores',
        abd: 'ABD-998',
        crea: 'drop',
        cau: undefined,
      });
      expect((await create(form, { data: PDF, name: 'certificado.pdf' })).statusCode).toBe(201);
      const saved = await row(form.email);
      expect(saved).toMatchObject({ abd: 'ABD-998', crea: null, cau: null });
      expect(saved?.abdCertificate).toMatch(/^abd-certificates\/[0-9a-f-]{36}\.pdf$/);
    });

    it('asks the Designer de Interiores for the certificate', async () => {
      const form = professionalForm({ profession: 'Designer de Interiores', abd: 'ABD-1', cau: undefined });
      const response = await create(form);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ msg: 'Envie o certificado ABD.', data: [{ field: 'file' }] });
      expect(await row(form.email)).toBeUndefined();
    });

    it('asks for the registration number of the profession', async () => {
      const response = await create(professionalForm({ cau: '' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ msg: 'Digite um número de registro válido.', data: [{ field: 'cau' }] });
    });

    it('refuses a certificate that is not a PDF or image by its content, whatever its name (415)', async () => {
      const form = professionalForm({ profession: 'Designer de Interiores', abd: 'ABD-2', cau: undefined });
      const response = await create(form, { data: Buffer.from('MZ not a pdf at all'), name: 'certificado.pdf' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        msg: 'Tipo de arquivo não aceito: envie um PDF, JPG ou PNG.',
        code: 'file-type',
      });
      expect(await row(form.email)).toBeUndefined();
    });

    it('refuses a certificate over 5 MB (413) and leaves no record', async () => {
      const form = professionalForm({ profession: 'Designer de Interiores', abd: 'ABD-3', cau: undefined });
      const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const response = await create(form, { data: big, name: 'grande.pdf' });
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('file-too-large');
      expect(await row(form.email)).toBeUndefined();
    });

    it('answers acceptTerms-required when the terms were not accepted', async () => {
      const response = await create(professionalForm({ acceptTerms: false }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        msg: 'Você precisa aceitar os termos de uso',
        code: 'acceptTerms-required',
      });
    });

    it.each([
      [
        'bad CPF check digits',
        { userData: { cpf: '123.456.789-00', birthDate: '1990-01-01' } },
        'Digite um CPF válido.',
      ],
      [
        'an all-same-digit CPF',
        { userData: { cpf: '111.111.111-11', birthDate: '1990-01-01' } },
        'Digite um CPF válido.',
      ],
      ['bad CNPJ check digits', { office: { cnpj: '12.ABC.345/01DE-00' } }, 'Digite um CNPJ válido.'],
      [
        'an under-age birth date',
        { userData: { cpf: newCpf(), birthDate: `${new Date().getFullYear() - 17}-01-01` } },
        'É preciso ter pelo menos 18 anos para participar.',
      ],
      [
        'an impossible date',
        { userData: { cpf: newCpf(), birthDate: '1990-02-30' } },
        'Digite uma data de nascimento válida.',
      ],
      ['a bad phone', { cellphone: '1234' }, 'Digite um telefone válido.'],
      ['a bad CEP', { address: { ...professionalForm().address, zipCode: '123' } }, 'Digite um CEP válido.'],
      ['a short password', { password: 'curta' }, 'A senha precisa ter de 8 a 128 caracteres.'],
      [
        'a common password',
        { password: 'senha12345' },
        'Essa senha é muito comum e fácil de adivinhar. Escolha outra.',
      ],
      ['an unknown profession', { profession: 'Astronauta' }, 'Selecione uma profissão válida.'],
    ])('refuses %s', async (_case, overrides, msg) => {
      const response = await create(professionalForm(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(msg);
    });

    it('accepts an alphanumeric office CNPJ and stores it unmasked in upper case', async () => {
      const cnpj = withCnpjCheckDigits('12ABC34501DE');
      const masked =
        `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`.toLowerCase();
      const form = professionalForm({ office: { name: 'Estúdio', cnpj: masked, role: 'Sócia' } });
      expect((await create(form)).statusCode).toBe(201);
      expect((await row(form.email))?.office).toEqual({ name: 'Estúdio', cnpj, role: 'Sócia' });
    });

    it('answers 409 to an e-mail or a CPF already registered', async () => {
      const first = professionalForm();
      expect((await create(first)).statusCode).toBe(201);
      const sameEmail = await create(professionalForm({ email: first.email.toUpperCase() }));
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json()).toMatchObject({ code: 'email-taken' });
      const sameCpf = await create(professionalForm({ userData: { ...first.userData } }));
      expect(sameCpf.statusCode).toBe(409);
      expect(sameCpf.json()).toMatchObject({ msg: 'Este CPF já está cadastrado.', code: 'cpf-taken' });
    });

    it('answers finish-register to the e-mail of an incomplete registration', async () => {
      const form = professionalForm();
      await t.database.db
        .insert(professionals)
        .values({ name: 'Incompleto', email: form.email, passwordHash: '!', status: 'incomplete' });
      const response = await create(form);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('finish-register');
      const lookup = await t.app.inject({
        method: 'GET',
        url: `/api/professionals/get-email?email=${form.email}`,
        remoteAddress: nextIp(),
      });
      expect(lookup.json()).toEqual({ available: false, code: 'finish-register' });
    });

    it('completes a pre-registered lead in place, keeping the store of the invite', async () => {
      const [store] = await t.database.db.select().from(stores);
      const [seller] = await t.database.db
        .select()
        .from(storeUsers)
        .where(eq(storeUsers.email, 'sergio@especifica.dev'));
      const form = professionalForm();
      const pre = await post('/api/auth/pre-register', {
        form: { name: form.name, email: form.email, referenceStore: store?.id, referenceSeller: seller?.id },
      });
      expect(pre.statusCode).toBe(200);
      const lead = await row(form.email);
      expect(lead).toMatchObject({
        status: 'pre_registered',
        referenceStoreId: store?.id,
        referenceSellerId: seller?.id,
      });
      const lookup = await t.app.inject({
        method: 'GET',
        url: `/api/professionals/get-email?email=${form.email}`,
        remoteAddress: nextIp(),
      });
      expect(lookup.json()).toEqual({ available: true });
      // The lead has no password: nothing signs it in.
      expect((await post(loginRoutes.professional, { email: form.email, password: '!' })).statusCode).toBe(401);
      expect((await create(form)).statusCode).toBe(201);
      const done = await row(form.email);
      expect(done).toMatchObject({ id: lead?.id, status: 'awaiting_email', referenceStoreId: store?.id });
    });

    it('never rewrites an existing lead: a second pre-register of the same e-mail changes nothing', async () => {
      const form = professionalForm();
      const first = await post('/api/auth/pre-register', {
        form: { name: 'Primeiro Nome', email: form.email, cellphone: '(11) 98765-4321' },
      });
      expect(first.statusCode).toBe(200);
      const before = await row(form.email);
      const [store] = await t.database.db.select().from(stores);
      const second = await post('/api/auth/pre-register', {
        form: { name: 'Outro Nome', email: form.email, cellphone: '(21) 91234-5678', referenceStore: store?.id },
      });
      expect([second.statusCode, second.json()]).toEqual([200, first.json()]);
      expect(await row(form.email)).toEqual(before);
    });

    it('answers 429 to the 31st sign-up from one address within the hour', async () => {
      const address = nextIp();
      for (let i = 0; i < 30; i++) await create({ acceptTerms: false }, undefined, address);
      const response = await create(professionalForm(), undefined, address);
      expect(response.statusCode).toBe(429);
      expect(response.json().code).toBe('too-many-requests');
    });
  });

  describe('POST /api/professionals/validate-email', () => {
    it('answers "Erro ao validar e-mail, por favor tente novamente." to an unknown link', async () => {
      const response = await post('/api/professionals/validate-email', { id: 'x'.repeat(43) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        msg: 'Erro ao validar e-mail, por favor tente novamente.',
        code: 'email-confirm-invalid',
      });
    });
  });

  describe('GET /api/professionals/get-email', () => {
    it('answers at most 30 lookups an hour to one address, so it cannot list the accounts', async () => {
      const address = nextIp();
      const lookup = (i: number) =>
        t.app.inject({
          method: 'GET',
          url: `/api/professionals/get-email?email=quem${i}@especifica.dev`,
          remoteAddress: address,
        });
      for (let i = 0; i < 30; i++) expect((await lookup(i)).statusCode).toBe(200);
      const refused = await lookup(30);
      expect([refused.statusCode, refused.json().code]).toEqual([429, 'too-many-requests']);
      expect(refused.headers['cache-control']).toBe('no-store');
    });

    it('tells a free e-mail from a taken one', async () => {
      const free = await t.app.inject({
        method: 'GET',
        url: '/api/professionals/get-email?email=livre@especifica.dev',
      });
      expect(free.json()).toEqual({ available: true });
      const taken = await t.app.inject({ method: 'GET', url: '/api/professionals/get-email?email=ANA@especifica.dev' });
      expect(taken.json()).toEqual({ available: false, code: 'email-taken' });
    });
  });

  describe('GET /api/addresses/:cep', () => {
    it('answers 404 quickly when the provider does not answer, so the screen falls back to manual entry', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/addresses/01310100' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('cep-not-found');
    });
  });

  it('accepts a PNG as the certificate too', async () => {
    const form = professionalForm({ profession: 'Designer de Interiores', abd: 'ABD-4', cau: undefined });
    expect((await create(form, { data: PNG, name: 'foto.png' })).statusCode).toBe(201);
  });
});
