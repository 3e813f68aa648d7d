import { and, asc, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { rowsOf } from '../../src/db/rows';
import {
  auditRecords,
  consentRecords,
  customerNotices,
  invoices,
  ledgerEntries,
  professionals,
  signIns,
} from '../../src/db/schema';
import { readPdfText } from '../../src/files/pdf-text';
import { purgeSignIns } from '../../src/modules/privacy/sign-ins.service';
import { testDrivers } from '../support/database';
import { multipart, professionalForm } from '../support/forms';
import { confirmEmail, lastMailTo, outbox } from '../support/outbox';
import { cpfFrom, type ProgrammeTest, startProgramme, submitInvoice, tokenOf } from '../support/programme';
import { shopkeeperSignUpForm, storeUserRow } from '../support/sign-ups';

const recordsOf = (t: ProgrammeTest, kind: 'professional' | 'shopkeeper', id: string) =>
  t.database.db
    .select()
    .from(consentRecords)
    .where(and(eq(consentRecords.subjectKind, kind), eq(consentRecords.subjectId, id)))
    .orderBy(asc(consentRecords.createdAt), asc(consentRecords.purpose));

describe.each(testDrivers)('privacy and consent records on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
  }, 60_000);
  afterAll(() => t?.close());

  it("writes a sign-up's consents as records: the regulation in force, the policy, and marketing on both channels", async () => {
    const form = professionalForm({ acceptReceiveEmail: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/professionals/create',
      remoteAddress: '203.0.113.7',
      ...multipart(form),
    });
    expect(created.statusCode).toBe(201);
    const records = await recordsOf(t, 'professional', created.json().id);
    expect(records.map(({ purpose, version, given, channel }) => ({ purpose, version, given, channel }))).toEqual(
      expect.arrayContaining([
        { purpose: 'regulation', version: 2, given: true, channel: 'sign-up' },
        { purpose: 'privacy-policy', version: 1, given: true, channel: 'sign-up' },
        { purpose: 'marketing-email', version: null, given: true, channel: 'sign-up' },
        { purpose: 'marketing-whatsapp', version: null, given: true, channel: 'sign-up' },
      ]),
    );
    expect(records).toHaveLength(4);
    // The IP only as a keyed hash: the same for every record of the request, never the address itself.
    const hashes = new Set(records.map((record) => record.ipHash));
    expect(hashes.size).toBe(1);
    const [hash] = [...hashes];
    expect(hash).toMatch(/^[\w-]{43}$/);
    expect(hash).not.toContain('203.0.113.7');

    // What they gave is what /privacy lists as held, once the e-mail is confirmed.
    await confirmEmail(t.app, form.email);
    const held = await t.callWith(
      tokenOf(t, 'professional', created.json().id),
      'GET',
      '/api/professionals/privacy/get-data',
    );
    const items = held.json().items as { key: string; detail: string }[];
    expect(items.find((item) => item.key === 'identity')?.detail).toBe('Nome, CPF, data de nascimento, gênero');
    expect(items.find((item) => item.key === 'address')?.detail).toBe('São Paulo - SP');
    expect(items.find((item) => item.key === 'social')?.detail).toBe('1 rede informada');
    expect(held.json().marketing.map((consent: { given: boolean }) => consent.given)).toEqual([true, true]);
  });

  it("a shopkeeper's sign-up accepts the regulation and the policy; the form asks no marketing", async () => {
    const form = shopkeeperSignUpForm(t.ids.store);
    const created = await t.app.inject({ method: 'POST', url: '/api/shopkeeper/create', payload: form });
    expect(created.statusCode).toBe(201);
    const { id } = await storeUserRow(t, { email: form.email });
    const records = await recordsOf(t, 'shopkeeper', id);
    expect(records.map((record) => [record.purpose, record.version, record.channel]).sort()).toEqual([
      ['privacy-policy', 1, 'sign-up'],
      ['regulation', 2, 'sign-up'],
    ]);
    // The admin reads and exports them as a professional's, by the shopkeeper's id.
    const listed = (await t.call('admin', 'GET', `/api/cms/privacy/consents/get-all?shopkeeperId=${id}`)).json();
    expect(listed.items.map((record: { purpose: string }) => record.purpose).sort()).toEqual([
      'privacy-policy',
      'regulation',
    ]);
    const exported = await t.call('admin', 'GET', `/api/cms/privacy/consents/export?shopkeeperId=${id}`);
    expect(exported.body).toContain('Política de privacidade');
    expect(exported.body.trim().split(/\r?\n/)).toHaveLength(3);
    const both = await t.call(
      'admin',
      'GET',
      `/api/cms/privacy/consents/get-all?shopkeeperId=${id}&professionalId=${id}`,
    );
    expect([both.statusCode, both.json().msg]).toEqual([400, 'Informe o profissional ou o lojista.']);
  });

  it('a refused sign-up writes no record', async () => {
    const before = await t.database.db.select().from(consentRecords);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/professionals/create',
      ...multipart(professionalForm({ email: 'ana@especifica.dev' })),
    });
    expect(refused.statusCode).toBe(409);
    expect(await t.database.db.select().from(consentRecords)).toHaveLength(before.length);
  });

  it('shows Ana what the programme holds, item by item, with purpose, legal basis and her own counts', async () => {
    const lines = [{ sku: 'PORC-60', description: 'Porcelanato 60x60', quantity: 10, total: 1200 }];
    for (let i = 0; i < 2; i++) {
      expect((await submitInvoice(t, 'professional', { storeId: t.ids.store, lines })).statusCode).toBe(200);
    }
    const response = await t.call('professional', 'GET', '/api/professionals/privacy/get-data');
    expect(response.statusCode).toBe(200);
    const data = response.json();
    const item = (key: string) => data.items.find((candidate: { key: string }) => candidate.key === key);
    const own = await t.database.db.select().from(invoices).where(eq(invoices.professionalId, t.ids.ana));
    expect(own.length).toBeGreaterThanOrEqual(2);
    expect(item('invoices')).toMatchObject({
      label: 'Notas fiscais e arquivos',
      detail: `${own.length} notas fiscais`,
      basis: 'contract',
    });
    expect(item('fiscal')).toMatchObject({ basis: 'legal-obligation' });
    expect(item('security')).toMatchObject({ basis: 'legitimate-interest' });
    expect(item('photo')).toMatchObject({ basis: 'consent' });
    // The demo's acceptances: the first regulation and the policy at sign-up, the second regulation at a login.
    expect(
      data.acceptances.map((record: { purpose: string; version: number; channel: string }) => [
        record.purpose,
        record.version,
        record.channel,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['regulation', 2, 'terms-prompt'],
        ['regulation', 1, 'sign-up'],
        ['privacy-policy', 1, 'sign-up'],
      ]),
    );
    expect(data.marketing).toEqual([
      expect.objectContaining({ purpose: 'marketing-email', given: false }),
      expect.objectContaining({ purpose: 'marketing-whatsapp', given: false }),
    ]);
  });

  it('a marketing switch is a new record each time it changes, never an overwrite; repeating it writes nothing', async () => {
    const before = (await recordsOf(t, 'professional', t.ids.eduardo)).length;
    const on = await t.call('other', 'POST', '/api/professionals/privacy/update-consent', {
      purpose: 'marketing-email',
      given: true,
    });
    expect([on.statusCode, on.json().msg]).toEqual([200, 'Consentimento registrado.']);
    const again = await t.call('other', 'POST', '/api/professionals/privacy/update-consent', {
      purpose: 'marketing-email',
      given: true,
    });
    expect(again.statusCode).toBe(200);
    const off = await t.call('other', 'POST', '/api/professionals/privacy/update-consent', {
      purpose: 'marketing-email',
      given: false,
    });
    expect([off.statusCode, off.json().msg]).toEqual([200, 'Consentimento retirado.']);

    const records = (await recordsOf(t, 'professional', t.ids.eduardo)).slice(before);
    expect(records.map((record) => [record.purpose, record.given, record.channel])).toEqual([
      ['marketing-email', true, 'privacy-page'],
      ['marketing-email', false, 'privacy-page'],
    ]);
    const [row] = await t.database.db.select().from(professionals).where(eq(professionals.id, t.ids.eduardo));
    expect(row?.acceptReceiveEmail).toBe(false);
    const marketing = (await t.call('other', 'GET', '/api/professionals/privacy/get-data')).json().marketing;
    expect(marketing[0]).toMatchObject({ purpose: 'marketing-email', given: false });
    expect(marketing[0].at).toBe(records[1]?.createdAt.toISOString());
  });

  it("the profile's box changes both marketing channels as records, and saving it unchanged records nothing", async () => {
    const form = professionalForm({ acceptReceiveEmail: false });
    const created = await t.app.inject({ method: 'POST', url: '/api/professionals/create', ...multipart(form) });
    const id = created.json().id as string;
    await confirmEmail(t.app, form.email);
    const { password: _p, acceptTerms: _a, ...fields } = form;
    const save = (acceptReceiveEmail: boolean) => {
      const body = multipart({ _id: id, ...fields, acceptReceiveEmail });
      return t.app.inject({
        method: 'POST',
        url: '/api/professionals/update-me',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${tokenOf(t, 'professional', id)}` },
      });
    };
    expect((await save(true)).statusCode).toBe(200);
    expect((await save(true)).statusCode).toBe(200);
    const records = (await recordsOf(t, 'professional', id)).filter((record) => record.channel === 'profile');
    expect(records.map((record) => [record.purpose, record.given]).sort()).toEqual([
      ['marketing-email', true],
      ['marketing-whatsapp', true],
    ]);
    const [row] = await t.database.db.select().from(professionals).where(eq(professionals.id, id));
    expect(row?.acceptReceiveEmail).toBe(true);
  });

  it('refuses a switch of the regulation or a body without its choice in pt-BR, and records nothing', async () => {
    const before = (await recordsOf(t, 'professional', t.ids.ana)).length;
    const regulation = await t.call('professional', 'POST', '/api/professionals/privacy/update-consent', {
      purpose: 'regulation',
      given: false,
    });
    expect([regulation.statusCode, regulation.json().msg]).toEqual([
      400,
      'Escolha um consentimento de comunicação válido.',
    ]);
    const missing = await t.call('professional', 'POST', '/api/professionals/privacy/update-consent', {
      purpose: 'marketing-whatsapp',
    });
    expect([missing.statusCode, missing.json().msg]).toEqual([400, 'Informe se o consentimento é dado ou retirado.']);
    expect(await recordsOf(t, 'professional', t.ids.ana)).toHaveLength(before);
  });

  it("an acceptance at login is recorded for every account it opened, from 'Aceite no acesso'", async () => {
    const published = await t.call('admin', 'POST', '/api/cms/regulation/publish', {
      title: 'Regulamento do Programa Especifica (versão 3)',
      content: 'Texto da versão 3 do regulamento, com uma cláusula nova sobre privacidade e dados.',
    });
    expect(published.statusCode).toBe(201);
    const pending = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'eduardo@especifica.dev', password: 'Especifica@2026' },
      })
    ).json();
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-terms',
      payload: { termsToken: pending.termsToken, version: 3, accept: true },
    });
    expect(accepted.json()).toHaveProperty('accessToken');
    const records = await recordsOf(t, 'professional', t.ids.eduardo);
    expect(records.at(-1)).toMatchObject({ purpose: 'regulation', version: 3, given: true, channel: 'terms-prompt' });
  });

  it("lets only an admin read and export a person's records, newest first, with São Paulo dates", async () => {
    const url = `/api/cms/privacy/consents/get-all?professionalId=${t.ids.eduardo}`;
    expect((await t.call('professional', 'GET', url)).statusCode).toBe(403);
    expect((await t.call(null, 'GET', url)).statusCode).toBe(401);
    const page = (await t.call('admin', 'GET', url)).json();
    expect(page.total).toBe((await recordsOf(t, 'professional', t.ids.eduardo)).length);
    const times = page.items.map((record: { at: string }) => record.at);
    expect(times).toEqual([...times].sort().reverse());

    const none = await t.call('admin', 'GET', '/api/cms/privacy/consents/get-all');
    expect([none.statusCode, none.json().msg]).toEqual([400, 'Informe o profissional ou o lojista.']);

    const exported = await t.call('admin', 'GET', `/api/cms/privacy/consents/export?professionalId=${t.ids.eduardo}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    // The export quotes every text cell; a cell here holds no quote or separator of its own.
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((line) => line.replaceAll('"', ''));
    expect(lines[0]).toBe('Data (horário de Brasília);Consentimento;Versão;Situação;Canal;Hash do IP');
    expect(lines).toHaveLength(page.total + 1);
    expect(lines[1]).toContain('Regulamento do programa;3;Autorizado;Aceite no acesso');
    const newest = new Date(page.items[0].at);
    const local = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' }).format(
      newest,
    );
    expect(lines[1]?.startsWith(local)).toBe(true);
  });

  describe('the registered customer is told and may object', () => {
    const lines = [{ sku: 'X-1', description: 'Revestimento', quantity: 1, total: 100 }];
    const register = (cpf: string, email?: string) =>
      t.call('professional', 'POST', '/api/professionals/customers/create', {
        data: { name: 'Marta Cliente Souza', cpf, phone: '(11) 98765-4321', ...(email ? { email } : {}) },
      });
    const tokenIn = async (email: string) => {
      const mail = await lastMailTo(t.app, email);
      const token = /\/customer-objection\?token=(\S+)/.exec(mail.text)?.[1];
      if (!token) throw new Error(`no objection link in: ${mail.text}`);
      return { mail, token: decodeURIComponent(token) };
    };

    it('e-mails who registered them, at which programme, what it means and the link; none without an e-mail', async () => {
      const email = `marta.${Date.now()}@example.com`;
      const registered = await register(cpfFrom('741852963'), email);
      expect(registered.statusCode).toBe(200);
      expect(registered.json().item.objectedAt).toBeNull();
      const { mail, token } = await tokenIn(email);
      expect(mail.subject).toBe('Ana Arquiteta cadastrou você no Especifica');
      expect(mail.text).toContain('Olá, Marta Cliente Souza!');
      expect(mail.text).toContain('Ana Arquiteta cadastrou você como cliente no Especifica');
      expect(mail.text).toMatch(/compras feitas no seu CPF nas lojas parceiras do programa, até \d{2}\/\d{2}\/\d{4}/);
      const notice = await t.call(null, 'GET', `/api/customers/notice?token=${encodeURIComponent(token)}`);
      expect(notice.statusCode).toBe(200);
      expect(notice.json()).toMatchObject({
        customerName: 'Marta',
        professionalName: 'Ana Arquiteta',
        objectedAt: null,
      });

      const mails = (await outbox(t.app)).length;
      expect((await register(cpfFrom('741852964'))).statusCode).toBe(200);
      expect(await outbox(t.app)).toHaveLength(mails);
    });

    it('refuses a forged link in pt-BR and changes nothing', async () => {
      for (const attempt of [
        t.call(null, 'GET', '/api/customers/notice?token=forjado'),
        t.call(null, 'POST', '/api/customers/object', { token: 'forjado' }),
      ]) {
        const response = await attempt;
        expect([response.statusCode, response.json().msg]).toEqual([
          400,
          'Este link de oposição é inválido ou expirou. Fale com o programa pelo Fale conosco.',
        ]);
      }
      expect(await t.database.db.select().from(customerNotices).where(eq(customerNotices.reason, 'x'))).toEqual([]);
    });

    it('an objection ends the registration at once: nothing is attributed through it after, and it cannot be renewed', async () => {
      const cpf = cpfFrom('852963741');
      const email = `joao.${Date.now()}@example.com`;
      const id = (await register(cpf, email)).json().item.id as string;
      // Before the objection, the shopkeeper's sale for this CPF is Ana's.
      expect((await submitInvoice(t, 'shopkeeper', { customerCpf: cpf, lines })).json().item).toMatchObject({
        professional: { id: t.ids.ana },
      });
      const { token } = await tokenIn(email);
      const objected = await t.call(null, 'POST', '/api/customers/object', { token, reason: 'Não conheço.' });
      expect([objected.statusCode, objected.json().msg]).toEqual([
        200,
        'Pronto: seu cadastro foi encerrado e nenhuma compra será atribuída a esse profissional.',
      ]);
      // A second click changes nothing and says the same.
      expect((await t.call(null, 'POST', '/api/customers/object', { token })).statusCode).toBe(200);
      const audits = await t.database.db.select().from(auditRecords).where(eq(auditRecords.entityId, id));
      expect(audits.filter((record) => record.action === 'customer-objection')).toHaveLength(1);

      const sale = await submitInvoice(t, 'shopkeeper', { customerCpf: cpf, lines });
      expect(sale.json()).toMatchObject({ code: 'invoice-professional-required' });
      const renew = await t.call('professional', 'PUT', '/api/professionals/customers/renew', { id });
      expect([renew.statusCode, renew.json().msg]).toEqual([
        422,
        'Este cliente se opôs ao cadastro e não pode ser renovado.',
      ]);
      // Ana sees that the customer objected, never why.
      const mine = await t.call('professional', 'GET', `/api/professionals/customers/get-all?search=${cpf}`);
      const item = mine.json().items[0];
      expect(item.objectedAt).toEqual(expect.any(String));
      expect(JSON.stringify(mine.json())).not.toContain('Não conheço');
      const page = await t.call(null, 'GET', `/api/customers/notice?token=${encodeURIComponent(token)}`);
      expect(page.json().objectedAt).toBe(item.objectedAt);
    });

    it('a link past the registration window that was never used is refused', async () => {
      const email = `vencido.${Date.now()}@example.com`;
      await register(cpfFrom('963741852'), email);
      const { token } = await tokenIn(email);
      t.clock.now = new Date(Date.now() + 181 * 86_400_000);
      try {
        const late = await t.call(null, 'POST', '/api/customers/object', { token });
        expect(late.statusCode).toBe(400);
      } finally {
        t.clock.now = null;
      }
    });
  });

  describe('the copy of my data', () => {
    const lines = [{ sku: 'PORC-60', description: 'Porcelanato 60x60', quantity: 2, total: 480 }];
    const files = (zip: Buffer) => {
      const entries = unzipSync(new Uint8Array(zip));
      return Object.fromEntries(Object.entries(entries).map(([name, data]) => [name, Buffer.from(data)]));
    };

    it("holds every row that names Ana and nobody else's, as a ZIP only she downloads", async () => {
      // Two people of the same store, each with a customer, an invoice and a sign-in.
      // A login, and its acceptance of the regulation published above when it asks for it, is a sign-in.
      const headers = { 'user-agent': 'Navegador de teste' };
      const login = async (email: string) => {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'Especifica@2026' },
          headers,
        });
        const { termsToken, terms } = answer.json();
        if (!termsToken) return answer;
        return t.app.inject({
          method: 'POST',
          url: '/api/auth/accept-terms',
          payload: { termsToken, version: terms.version, accept: true },
          headers,
        });
      };
      expect((await login('ana@especifica.dev')).json()).toHaveProperty('accessToken');
      expect((await login('eduardo@especifica.dev')).json()).toHaveProperty('accessToken');
      const anaCustomer = cpfFrom('112233445');
      const eduardoCustomer = cpfFrom('556677889');
      await t.call('professional', 'POST', '/api/professionals/customers/create', {
        data: { name: 'Cliente Da Ana', cpf: anaCustomer },
      });
      await t.call('other', 'POST', '/api/professionals/customers/create', {
        data: { name: 'Cliente Do Eduardo', cpf: eduardoCustomer },
      });
      const anaInvoice = (await submitInvoice(t, 'professional', { storeId: t.ids.store, lines })).json().item;
      const eduardoInvoice = (await submitInvoice(t, 'other', { storeId: t.ids.store, lines })).json().item;

      const started = await t.call('professional', 'POST', '/api/professionals/privacy/request-copy');
      expect(started.statusCode).toBe(202);
      const task = await t.taskEnded('professional', started.json().id);
      expect(task).toMatchObject({ state: 'done', file: { name: 'meus-dados-especifica.zip' } });
      // The file is its owner's: another professional's request finds nothing there.
      expect((await t.call('other', 'GET', `/api/tasks/${task.id}/file`)).statusCode).toBe(404);
      const download = await t.call('professional', 'GET', `/api/tasks/${task.id}/file`);
      expect(download.statusCode).toBe(200);
      const zip = files(download.rawPayload);

      expect(Object.keys(zip)).toEqual(
        expect.arrayContaining([
          'LEIA-ME.txt',
          'perfil.json',
          'notas-fiscais.csv',
          'notas-fiscais.json',
          'extrato.csv',
          'clientes.csv',
          'experiencias.csv',
          'notificacoes.csv',
          'consentimentos.csv',
          'acessos.csv',
        ]),
      );
      const text = (name: string) => zip[name]?.toString('utf8') ?? '';
      const profile = JSON.parse(text('perfil.json'));
      expect(profile.profissional[0]).toMatchObject({ id: t.ids.ana, email: 'ana@especifica.dev' });
      expect(profile.profissional[0]).not.toHaveProperty('passwordHash');
      const invoicesOut = JSON.parse(text('notas-fiscais.json')) as { id: string; produtos: unknown[] }[];
      const own = await t.database.db.select().from(invoices).where(eq(invoices.professionalId, t.ids.ana));
      expect(invoicesOut.map((row) => row.id).sort()).toEqual(own.map((row) => row.id).sort());
      expect(invoicesOut.find((row) => row.id === anaInvoice.id)?.produtos).toHaveLength(1);
      // The file she sent, as she sent it.
      expect(Object.keys(zip).some((name) => name.startsWith('arquivos/') && name.includes(anaInvoice.id))).toBe(true);
      expect(text('clientes.csv')).toContain('Cliente Da Ana');
      expect(text('acessos.csv')).toContain('Navegador de teste');
      expect(text('consentimentos.csv')).toContain('regulation');

      // Nobody else's: not Eduardo, nor his customer, nor his invoice.
      const everything = Object.values(zip)
        .map((data) => data.toString('latin1'))
        .join('\n');
      for (const other of [
        'eduardo@especifica.dev',
        'Cliente Do Eduardo',
        eduardoCustomer,
        eduardoInvoice.id,
        t.ids.eduardo,
      ]) {
        expect(everything).not.toContain(other);
      }
    });

    it('reads a long history a batch at a time: every row once, in the order it happened', async () => {
      // 2,345 notifications (more than nine batches of the copy), read ones, on five instants a microsecond apart:
      // the batches' boundaries fall among rows of the same instant, which a key rounded to the millisecond skips.
      await t.database.db.execute(sql`insert into notifications (id, recipient_kind, recipient_id, type, title, message, read_at, created_at)
        select gen_random_uuid(), 'professional', ${t.ids.ana}::uuid, 'bench', 'Histórico ' || g, 'Lote antigo', now(),
          '2020-01-01T12:00:00Z'::timestamptz + (g % 5) * interval '1 microsecond'
        from generate_series(1, 2345) g`);
      const expected = rowsOf<{ title: string }>(
        await t.database.db.execute(sql`select title from notifications
          where recipient_kind = 'professional' and recipient_id = ${t.ids.ana}::uuid order by created_at, id`),
      ).map((row) => row.title);
      const started = await t.call('professional', 'POST', '/api/professionals/privacy/request-copy');
      const task = await t.taskEnded('professional', started.json().id);
      const zip = files((await t.call('professional', 'GET', `/api/tasks/${task.id}/file`)).rawPayload);
      const titles = (zip['notificacoes.csv']?.toString('utf8') ?? '')
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(';')[1]?.replace(/^"|"$/g, ''));
      expect(titles).toHaveLength(expected.length);
      // Same instant, any id order: the rows of each instant, as a set, in the instants' order.
      const history = titles.filter((title) => title?.startsWith('Histórico '));
      expect(new Set(history).size).toBe(2345);
      const instantOf = (title: string | undefined) => Number(title?.slice('Histórico '.length)) % 5;
      const instants = history.map(instantOf);
      expect(instants).toEqual([...instants].sort((a, b) => a - b));
    });
  });

  it('keeps sign-ins six months (Marco Civil, art. 15) and deletes the older ones', async () => {
    const day = 86_400_000;
    const now = new Date();
    const [old, recent] = await t.database.db
      .insert(signIns)
      .values([
        { role: 'professional', accountId: t.ids.ana, createdAt: new Date(now.getTime() - 184 * day) },
        { role: 'professional', accountId: t.ids.ana, createdAt: new Date(now.getTime() - 182 * day) },
      ])
      .returning();
    expect(await purgeSignIns(t.database.db, now)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select({ id: signIns.id }).from(signIns);
    expect(left.map((row) => row.id)).toContain(recent?.id);
    expect(left.map((row) => row.id)).not.toContain(old?.id);
  });

  describe('the statement of benefits', () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

    it('lists every benefit of the period as CSV and as a PDF with the holder and the total', async () => {
      const csv = await t.call(
        'professional',
        'GET',
        `/api/professionals/privacy/statement?from=2022-01-01&to=${today}&format=csv`,
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toContain(`declaracao-de-beneficios-2022-01-01-a-${today}.csv`);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toContain('Data";"Origem";"Descrição";"Valor');
      const own = await t.database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.participantKind, 'professional'), eq(ledgerEntries.participantId, t.ids.ana)));
      const benefits = own.filter((entry) => entry.kind !== 'redemption' && entry.kind !== 'expiry');
      expect(lines.length - 1).toBeGreaterThanOrEqual(benefits.length);
      expect(csv.body).toContain('Pontos de nota fiscal');

      const pdf = await t.call(
        'professional',
        'GET',
        `/api/professionals/privacy/statement?from=2022-01-01&to=${today}`,
      );
      expect(pdf.headers['content-type']).toBe('application/pdf');
      // Read back as the API reads a DANFE: pdf.js on a worker thread.
      const read = await readPdfText(pdf.rawPayload);
      const text = 'text' in read ? read.text : '';
      expect(text).toContain('Declaração de benefícios');
      expect(text).toContain('Ana Arquiteta');
      expect(text).toContain('Total de pontos recebidos no período');

      // An admin asks it for any professional; a professional never for another.
      const forAdmin = await t.call(
        'admin',
        'GET',
        `/api/cms/privacy/statement?professionalId=${t.ids.ana}&from=2022-01-01&to=${today}&format=csv`,
      );
      expect(forAdmin.body).toBe(csv.body);
      expect(
        (
          await t.call(
            'professional',
            'GET',
            `/api/cms/privacy/statement?professionalId=${t.ids.eduardo}&from=2022-01-01&to=${today}`,
          )
        ).statusCode,
      ).toBe(403);
    });

    it('refuses a period backwards, too long or with a bad date in pt-BR', async () => {
      const ask = (query: string) => t.call('professional', 'GET', `/api/professionals/privacy/statement?${query}`);
      const backwards = await ask('from=2026-05-01&to=2026-04-01');
      expect([backwards.statusCode, backwards.json().msg]).toEqual([
        400,
        'A data inicial deve ser anterior ou igual à final.',
      ]);
      const long = await ask('from=2010-01-01&to=2026-04-01');
      expect([long.statusCode, long.json().msg]).toEqual([400, 'Escolha um período de até 5 anos.']);
      const bad = await ask('from=2026-13-01&to=2026-04-01');
      expect([bad.statusCode, bad.json().msg]).toEqual([400, 'Informe a data inicial.']);
    });
  });
});
