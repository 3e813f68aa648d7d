import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { auditRecords, stores } from '../../src/db/schema';
import { withCnpjCheckDigits } from '../../src/domain/cnpj';
import { testDrivers } from '../support/database';
import { outbox } from '../support/outbox';
import { type ProgrammeTest, startProgramme, storeAddress } from '../support/programme';

const cnpj = (base: string) => withCnpjCheckDigits(base);
const address = storeAddress;

describe.each(testDrivers)('stores on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
  }, 60_000);
  afterAll(() => t?.close());

  const create = (form: Record<string, unknown>) => t.call('admin', 'POST', '/api/cms/stores/create', { form });

  describe('POST /api/cms/stores/create', () => {
    it('creates a store with an alphanumeric CNPJ, masked as typed, and audits it', async () => {
      const typed = cnpj('12ABC34501DE').replace(/^(..)(...)(...)(....)/, '$1.$2.$3/$4-');
      const response = await create({ cnpj: typed.toLowerCase(), name: 'Loja Paulista', address });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        msg: 'Criado com sucesso!',
        item: { cnpj: cnpj('12ABC34501DE'), name: 'Loja Paulista', active: true, address: { city: 'São Paulo' } },
      });
      const [record] = await t.database.db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.entityId, response.json().item.id));
      expect(record).toMatchObject({ action: 'create', entity: 'store', actorName: 'Administradora Demo' });
    });

    it('answers 409 to a CNPJ that another store has', async () => {
      await create({ cnpj: cnpj('222222220001'), name: 'Primeira' });
      const response = await create({ cnpj: cnpj('222222220001'), name: 'Segunda' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ msg: 'Já existe uma loja com este CNPJ.', code: 'store-cnpj-taken' });
    });

    it.each([
      ['a wrong check digit', { cnpj: '11.222.333/0001-82', name: 'X' }, 'Digite um CNPJ válido.'],
      ['no name', { cnpj: cnpj('333333330001'), name: ' ' }, 'Digite o nome da loja.'],
      ['a bad e-mail', { cnpj: cnpj('333333330001'), name: 'X', email: 'x@' }, 'Digite um e-mail válido.'],
    ])('refuses %s with 400', async (_case, form, msg) => {
      const response = await create(form);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(msg);
    });
  });

  describe('GET /api/cms/stores/get-all', () => {
    it('pages, searches by name or CNPJ and filters by state', async () => {
      const all = await t.call('admin', 'GET', '/api/cms/stores/get-all?limit=1&page=1');
      expect(all.json()).toMatchObject({ page: 1, limit: 1 });
      expect(all.json().total).toBeGreaterThanOrEqual(3);
      expect(all.json().items).toHaveLength(1);
      const found = await t.call('admin', 'GET', '/api/cms/stores/get-all?search=paulista&state=SP');
      expect(found.json().items.map((s: { name: string }) => s.name)).toEqual(['Loja Paulista']);
      const demo = await t.call('admin', 'GET', '/api/cms/stores/get-all?search=Demo');
      expect(demo.json().items[0].users).toBeGreaterThanOrEqual(2);
    });

    it('refuses page 0', async () => {
      expect((await t.call('admin', 'GET', '/api/cms/stores/get-all?page=0')).statusCode).toBe(400);
    });

    it("gives each store the sum of its shopkeepers' points, and sorts by it", async () => {
      const team = await t.call('admin', 'GET', `/api/cms/stores/${t.ids.store}/get-users?limit=100`);
      const sum = team.json().items.reduce((total: number, user: { points: number }) => total + user.points, 0);
      expect(sum).toBeGreaterThan(0);
      const demo = await t.call('admin', 'GET', '/api/cms/stores/get-all?search=Demo');
      expect(demo.json().items[0].points).toBeCloseTo(sum, 2);
      const ranked = await t.call('admin', 'GET', '/api/cms/stores/get-all?sort=-points&limit=100');
      const points = ranked.json().items.map((store: { points: number }) => store.points);
      expect(points).toEqual([...points].sort((a, b) => b - a));
      expect(ranked.json().items[0].points).toBeGreaterThanOrEqual(sum);
    });
  });

  describe('GET /api/cms/stores/get-one', () => {
    it('reads one store by id, with nobody in it too; 404 for an unknown id, 400 for a malformed one', async () => {
      const empty = (await create({ cnpj: cnpj('121212120001'), name: 'Loja Vazia', address })).json().item;
      const one = await t.call('admin', 'GET', `/api/cms/stores/get-one?id=${empty.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({
        id: empty.id,
        name: 'Loja Vazia',
        cnpj: cnpj('121212120001'),
        users: 0,
        points: 0,
        address: { city: 'São Paulo' },
      });

      // The demo store as the list shows it: the same people and points.
      const demo = await t.call('admin', 'GET', `/api/cms/stores/get-one?id=${t.ids.store}`);
      const listed = (await t.call('admin', 'GET', '/api/cms/stores/get-all?search=Demo')).json().items;
      expect(demo.json()).toEqual(listed.find((store: { id: string }) => store.id === t.ids.store));
      expect(demo.json().users).toBeGreaterThan(0);

      const missing = await t.call('admin', 'GET', '/api/cms/stores/get-one?id=00000000-0000-4000-8000-000000000000');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ msg: 'Loja não encontrada.', code: 'not-found' });
      const bad = await t.call('admin', 'GET', '/api/cms/stores/get-one?id=x');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toBe('Ocorreu um erro, por favor tente novamente (id inválido).');
    });

    it('answers 403 to a shopkeeper and a professional', async () => {
      for (const caller of ['shopkeeper', 'professional'] as const) {
        const response = await t.call(caller, 'GET', `/api/cms/stores/get-one?id=${t.ids.store}`);
        expect(response.statusCode).toBe(403);
      }
    });
  });

  describe('POST /api/cms/stores/update and change-status', () => {
    it('updates fields, deactivates, and answers 404 for a store that does not exist', async () => {
      const created = (await create({ cnpj: cnpj('444444440001'), name: 'Antiga' })).json().item;
      const updated = await t.call('admin', 'POST', '/api/cms/stores/update', { id: created.id, name: 'Nova' });
      expect(updated.json()).toMatchObject({ msg: 'Atualizado com sucesso!', item: { name: 'Nova' } });
      const off = await t.call('admin', 'POST', '/api/cms/stores/change-status', { id: created.id, active: false });
      expect(off.json()).toEqual({ msg: 'Loja desativada com sucesso!' });
      const missing = await t.call('admin', 'POST', '/api/cms/stores/update', {
        id: '00000000-0000-4000-8000-000000000000',
        name: 'X',
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ msg: 'Loja não encontrada.', code: 'not-found' });
      const badId = await t.call('admin', 'POST', '/api/cms/stores/change-status', { id: 'x', active: true });
      expect(badId.json().msg).toBe('Ocorreu um erro, por favor tente novamente (id inválido).');
    });
  });

  describe('POST /api/cms/stores/import', () => {
    const importCsv = (data: Buffer | string, query = '') =>
      t.importFile('admin', `/api/cms/stores/import${query}`, {
        file: { name: 'lojas.csv', data, contentType: 'text/csv' },
      });

    it('creates and updates by CNPJ from a UTF-8 file separated by semicolons', async () => {
      const csv = [
        '\uFEFFCNPJ;Nome;Cidade;UF;E-mail',
        `${cnpj('555555550001')};Acabamentos Sul;Porto Alegre;rs;sul@lojas.dev`,
        `${cnpj('222222220001')};Primeira Renomeada;;;`,
      ].join('\r\n');
      const task = await importCsv(csv);
      expect(task.state).toBe('done');
      expect(task.counts).toEqual({
        created: 1,
        updated: 1,
        skipped: 0,
        errors: [],
        errorCount: 0,
      });
      const [renamed] = await t.database.db
        .select()
        .from(stores)
        .where(eq(stores.cnpj, cnpj('222222220001')));
      expect(renamed?.name).toBe('Primeira Renomeada');
    });

    it('reads Latin-1 files separated by commas, quotes included', async () => {
      const csv = `cnpj,razão social,cidade\n${cnpj('666666660001')},"Pisos & Revestimentos, São João",Três Corações\n`;
      const task = await importCsv(Buffer.from(csv, 'latin1'));
      expect(task.counts).toMatchObject({ created: 1, updated: 0 });
      const [row] = await t.database.db
        .select()
        .from(stores)
        .where(eq(stores.cnpj, cnpj('666666660001')));
      expect(row).toMatchObject({ name: 'Pisos & Revestimentos, São João', address: { city: 'Três Corações' } });
    });

    it('imports nothing when a row is bad, and lists each bad row with its line and reason', async () => {
      const csv = [
        'cnpj;nome;uf',
        `${cnpj('777777770001')};Boa;SP`,
        '11.222.333/0001-82;CNPJ errado;SP',
        `${cnpj('888888880001')};;SP`,
        `${cnpj('999999990001')};UF errada;XX`,
      ].join('\n');
      const task = await importCsv(csv);
      expect(task).toMatchObject({
        state: 'failed',
        error: '3 linhas têm erro: nada foi importado. Corrija o arquivo ou importe ignorando as linhas com erro.',
        counts: {
          created: 0,
          updated: 0,
          errorCount: 3,
          errors: [
            { line: 3, reason: 'CNPJ inválido: 11.222.333/0001-82.' },
            { line: 4, reason: 'Nome da loja em branco.' },
            { line: 5, reason: 'UF inválida: XX.' },
          ],
        },
      });
      expect(await t.database.db.$count(stores, eq(stores.cnpj, cnpj('777777770001')))).toBe(0);

      const skipping = await importCsv(csv, '?skipBadRows=true');
      expect(skipping.counts).toMatchObject({ created: 1, skipped: 3, errorCount: 3 });
    });

    it.each([
      ['a file without the required columns', 'razao;cidade\nX;Y\n', 'O arquivo precisa das colunas: cnpj, nome.'],
      ['an empty file', '', 'O arquivo está vazio. Envie um CSV com a linha de cabeçalho.'],
      ['a header without rows', 'cnpj;nome\n', 'O arquivo só tem o cabeçalho: não há linhas para importar.'],
      ['an unclosed quote', 'cnpj;nome\n"123;X\n', 'O arquivo CSV não pôde ser lido'],
      [
        'a NUL character in a cell, by its line',
        `cnpj;nome\n${cnpj('777777770001')};Loja Boa\n${cnpj('888888880001')};Loja\u0000Nula\n`,
        'A linha 3 do arquivo tem um caractere inválido (NUL). Remova-o e envie o arquivo de novo.',
      ],
    ])('ends the task as failed, importing nothing, for %s', async (_case, csv, msg) => {
      const before = await t.database.db.$count(stores);
      const task = await importCsv(csv);
      expect(task.state).toBe('failed');
      expect(task.error).toContain(msg);
      expect(await t.database.db.$count(stores)).toBe(before);
    });

    it('answers 400 to a body that is not a form with a file', async () => {
      const response = await t.call('admin', 'POST', '/api/cms/stores/import', { file: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('multipart-required');
    });
  });

  describe('store users', () => {
    it('lists all store users and one store’s, and updates a user (404 for an unknown one)', async () => {
      const all = await t.call('admin', 'GET', '/api/cms/stores/get-all-stores-users?search=sergio');
      expect(all.json().items).toEqual([
        expect.objectContaining({ name: 'Sérgio Vendedor', shopkeeperType: 'seller', points: 450.75 }),
      ]);
      const ofStore = await t.call('admin', 'GET', `/api/cms/stores/${t.ids.store}/get-users?limit=50`);
      expect(ofStore.json().total).toBeGreaterThanOrEqual(2);
      const unknownStore = await t.call(
        'admin',
        'GET',
        '/api/cms/stores/00000000-0000-4000-8000-000000000000/get-users',
      );
      expect(unknownStore.statusCode).toBe(404);

      const updated = await t.call('admin', 'POST', '/api/cms/stores/update-store-user', {
        id: t.ids.sergio,
        shopkeeperType: 'manager',
      });
      expect(updated.json()).toMatchObject({
        msg: 'Usuário atualizado com sucesso!',
        item: { shopkeeperType: 'manager' },
      });
      await t.call('admin', 'POST', '/api/cms/stores/update-store-user', {
        id: t.ids.sergio,
        shopkeeperType: 'seller',
      });
      const missing = await t.call('admin', 'POST', '/api/cms/stores/update-store-user', {
        id: '00000000-0000-4000-8000-000000000000',
        name: 'X',
      });
      expect(missing.json()).toEqual({ msg: 'Usuário da loja não encontrado.', code: 'not-found' });
    });
  });

  describe('invites', () => {
    it('invites a professional by e-mail with a sign-up link naming the store, and lists the invite', async () => {
      const response = await t.call('admin', 'POST', '/api/cms/stores/invites/invite', {
        form: { storeId: t.ids.store, email: 'Nova.Arquiteta@Exemplo.dev', name: 'Nova' },
      });
      expect(response.json()).toMatchObject({
        msg: 'Profissional convidado com sucesso!',
        item: { email: 'nova.arquiteta@exemplo.dev', accepted: false },
      });
      const link = new URL(response.json().item.signUpUrl);
      expect(link.pathname).toBe('/sign-up-profissional');
      expect(link.searchParams.get('referenceStore')).toBe(t.ids.store);

      await t.app.mailer.idle();
      const outbox = t.app.mailer.outbox as string;
      const mails = readdirSync(outbox).map((name) => readFileSync(path.join(outbox, name), 'utf8'));
      expect(mails.some((mail) => mail.includes('nova.arquiteta@exemplo.dev'))).toBe(true);

      const one = await t.call('admin', 'GET', `/api/cms/stores/invites/get-one?id=${response.json().item.id}`);
      expect(one.json().storeName).toBe('Casa & Acabamento Demo');
      const list = await t.call('admin', 'GET', `/api/cms/stores/invites/get-all?storeId=${t.ids.store}`);
      expect(list.json().total).toBeGreaterThanOrEqual(1);
      const missing = await t.call(
        'admin',
        'GET',
        '/api/cms/stores/invites/get-one?id=00000000-0000-4000-8000-000000000000',
      );
      expect(missing.statusCode).toBe(404);
    });

    it('lets a shopkeeper invite to their own store and see only its invites', async () => {
      const response = await t.call('shopkeeper', 'POST', '/api/shopkeeper/invites/invite', {
        form: { email: 'convidado@exemplo.dev' },
      });
      expect(response.json().item.storeId).toBe(t.ids.store);
      const list = await t.call('shopkeeper', 'GET', '/api/shopkeeper/invites/get-all');
      expect(list.json().items.every((invite: { storeId: string }) => invite.storeId === t.ids.store)).toBe(true);
      const bad = await t.call('shopkeeper', 'POST', '/api/shopkeeper/invites/invite', { form: { email: 'x' } });
      expect(bad.json().msg).toBe('Digite um e-mail válido.');
    });

    it('says so, beside the e-mail, when the person invited is already in the programme, and sends nothing', async () => {
      const before = (await outbox(t.app)).filter((mail) => mail.to.includes('ana@especifica.dev')).length;
      const response = await t.call('shopkeeper', 'POST', '/api/shopkeeper/invites/invite', {
        form: { email: 'ANA@especifica.dev', name: 'Ana' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        msg: 'Este e-mail já é de um profissional do Especifica: não é preciso convidá-lo.',
        code: 'invite-member',
        data: [{ field: 'email' }],
      });
      const after = (await outbox(t.app)).filter((mail) => mail.to.includes('ana@especifica.dev')).length;
      expect(after).toBe(before);
      const list = await t.call('shopkeeper', 'GET', '/api/shopkeeper/invites/get-all?search=ana@especifica.dev');
      expect(list.json().total).toBe(0);
    });

    it('sends one e-mail a day to an address, without the words the sender typed', async () => {
      const email = 'uma.vez@exemplo.dev';
      const name = 'Ganhe R$ 5.000 em https://golpe.example';
      const sent = () => outbox(t.app).then((mails) => mails.filter((mail) => mail.to.includes(email)));
      const invite = () => t.call('shopkeeper', 'POST', '/api/shopkeeper/invites/invite', { form: { email, name } });
      expect((await invite()).json().msg).toBe('Profissional convidado com sucesso!');
      const again = await invite();
      expect(again.statusCode).toBe(200);
      expect(again.json().msg).toBe(
        'Este e-mail já recebeu um convite desta loja nas últimas 24 horas; um novo convite poderá ser enviado amanhã.',
      );
      const mails = await sent();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('Casa & Acabamento Demo convida você');
      expect(mails[0]?.text).not.toMatch(/golpe|5\.000/);
      // A day later it may go again.
      await t.database.db.execute(sql`update store_invites set created_at = now() - interval '25 hours'
        where email = ${email}`);
      expect((await invite()).json().msg).toBe('Profissional convidado com sucesso!');
      expect(await sent()).toHaveLength(2);
    });

    it('limits the invites of one account: the 41st within the hour answers 429', async () => {
      const answers = [];
      for (let i = 0; i < 41; i += 1) {
        answers.push(
          (
            await t.call('consultant', 'POST', '/api/shopkeeper/invites/invite', {
              form: { email: `limite${i}@exemplo.dev` },
            })
          ).statusCode,
        );
      }
      expect(answers.slice(0, 40).every((status) => status === 200)).toBe(true);
      expect(answers[40]).toBe(429);
      // 41 invites one after another, each writing its e-mail and that e-mail's job in its transaction.
    }, 30_000);
  });

  describe('GET /api/professionals/stores/get-all', () => {
    it('shows professionals the active stores only', async () => {
      const response = await t.call('professional', 'GET', '/api/professionals/stores/get-all?limit=100');
      const names = response.json().items.map((store: { name: string }) => store.name);
      expect(names).toContain('Casa & Acabamento Demo');
      expect(names).not.toContain('Nova');
      expect(response.json().items[0]).not.toHaveProperty('active');
    });
  });
});
