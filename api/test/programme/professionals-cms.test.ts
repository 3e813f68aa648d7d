import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { auditRecords, ledgerEntries } from '../../src/db/schema';
import { seedProgramme } from '../../src/demo/seed-programme';
import { localStorage } from '../../src/storage';
import { testDrivers } from '../support/database';
import { cpfFrom, expectLedgerConsistent, type ProgrammeTest, startProgramme } from '../support/programme';

describe.each(testDrivers)('the CMS professional screens on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
    // The demo programme: reference stores, invoices registered by shopkeepers, Ana's subscriptions.
    await seedProgramme(t.database.db, localStorage(path.join(t.config.dataDir, 'uploads')));
  }, 120_000);
  afterAll(() => t?.close());

  const adjust = (body: Record<string, unknown>, caller: 'admin' | 'professional' | 'shopkeeper' = 'admin') =>
    t.call(caller, 'POST', '/api/cms/professionals/adjust-points', body);
  const anasExtract = async () =>
    (await t.call('professional', 'GET', '/api/professionals/extract/get-all?limit=5&sort=-createdAt')).json() as {
      balance: number;
      earnedInCycle: number;
      items: { kind: string; points: number; reason: string }[];
    };

  describe('POST /cms/professionals/adjust-points', () => {
    it('gives points by hand as an adjustment with its reason, audited, without touching the level', async () => {
      const before = await anasExtract();
      const given = await adjust({ professionalId: t.ids.ana, points: 50.25, reason: 'Bônus de boas-vindas' });
      expect(given.statusCode).toBe(200);
      expect(given.json()).toMatchObject({
        msg: 'Pontos creditados com sucesso!',
        item: { id: t.ids.ana, totalPoints: before.balance + 50.25 },
      });
      const after = await anasExtract();
      expect(after.balance).toBeCloseTo(before.balance + 50.25, 2);
      // An adjustment corrects the balance; the level counts what was earned in the cycle.
      expect(after.earnedInCycle).toBe(before.earnedInCycle);
      expect(after.items[0]).toMatchObject({ kind: 'adjustment', points: 50.25, reason: 'Bônus de boas-vindas' });

      const audit = await t.call('admin', 'GET', `/api/cms/audit/get-all?entity=professional&entityId=${t.ids.ana}`);
      expect(audit.json().items[0]).toMatchObject({
        action: 'adjust-points',
        before: { balance: before.balance },
        after: { balance: after.balance, points: 50.25, reason: 'Bônus de boas-vindas' },
      });
      await expectLedgerConsistent(t);
    });

    it('takes points, and refuses to take more than the balance', async () => {
      const { balance } = await anasExtract();
      const taken = await adjust({ professionalId: t.ids.ana, points: -10.5, reason: 'Nota lançada em dobro' });
      expect(taken.json()).toMatchObject({
        msg: 'Pontos debitados com sucesso!',
        item: { totalPoints: balance - 10.5 },
      });
      const tooMuch = await adjust({ professionalId: t.ids.ana, points: -(balance + 1), reason: 'Estorno' });
      expect([tooMuch.statusCode, tooMuch.json().msg]).toEqual([
        422,
        'O profissional não tem pontos suficientes para este débito.',
      ]);
      expect((await anasExtract()).balance).toBeCloseTo(balance - 10.5, 2);
      await expectLedgerConsistent(t);
    });

    it('refuses a zero or malformed amount and an empty reason in pt-BR', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ points: 0, reason: 'Ajuste' }, 'Digite uma quantidade de pontos diferente de zero.'],
        [{ points: 1.234, reason: 'Ajuste' }, 'Use no máximo duas casas decimais.'],
        [{ points: '10', reason: 'Ajuste' }, 'Digite uma quantidade de pontos diferente de zero.'],
        [{ points: 10, reason: '   ' }, 'Informe o motivo do ajuste.'],
        [{ points: 10 }, 'Informe o motivo do ajuste.'],
      ];
      for (const [body, msg] of cases) {
        const answer = await adjust({ professionalId: t.ids.ana, ...body });
        expect([answer.statusCode, answer.json().msg]).toEqual([400, msg]);
      }
      const missing = await adjust({
        professionalId: '00000000-0000-4000-8000-000000000000',
        points: 10,
        reason: 'Ajuste',
      });
      expect([missing.statusCode, missing.json().msg]).toEqual([404, 'Profissional não encontrado.']);
    });

    it('adjusts once for a repeated key (double click, retry, at once) and answers the same', async () => {
      const key = randomUUID();
      const body = { professionalId: t.ids.ana, points: 12.5, reason: 'Correção de nota', idempotencyKey: key };
      const before = await anasExtract();
      const first = await adjust(body);
      expect(first.statusCode).toBe(200);
      const again = await adjust(body);
      const together = await Promise.all([adjust(body), adjust(body), adjust(body)]);
      for (const answer of [again, ...together]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual(first.json());
      }
      const entries = await t.database.db
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.sourceId, key));
      expect(entries).toEqual([{ amount: 12_50 }]);
      expect((await anasExtract()).balance).toBeCloseTo(before.balance + 12.5, 2);
      const audited = await t.database.db
        .select({ id: auditRecords.id })
        .from(auditRecords)
        .where(sql`${auditRecords.action} = 'adjust-points' and ${auditRecords.after}->>'entry' = ${key}`);
      expect(audited).toHaveLength(1);
    });

    it('refuses a key reused with another amount, reason or professional (409), changing nothing', async () => {
      const key = randomUUID();
      const body = { professionalId: t.ids.ana, points: 3, reason: 'Ajuste de campanha', idempotencyKey: key };
      expect((await adjust(body)).statusCode).toBe(200);
      const balance = (await anasExtract()).balance;
      for (const other of [
        { ...body, points: 30 },
        { ...body, reason: 'Outro motivo' },
        { ...body, professionalId: t.ids.eduardo },
      ]) {
        const answer = await adjust(other);
        expect(answer.statusCode).toBe(409);
        expect(answer.json()).toEqual({
          msg: 'Este ajuste já foi enviado com outros dados. Feche o formulário e abra-o de novo para fazer um novo ajuste.',
          code: 'idempotency-key-reused',
        });
      }
      expect((await anasExtract()).balance).toBe(balance);
      const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.sourceId, key));
      expect(entries).toHaveLength(1);
    });

    it('makes two entries of two requests without a key, as before', async () => {
      const body = { professionalId: t.ids.ana, points: 1, reason: 'Sem chave' };
      const before = (await anasExtract()).balance;
      expect((await adjust(body)).statusCode).toBe(200);
      expect((await adjust(body)).statusCode).toBe(200);
      expect((await anasExtract()).balance).toBeCloseTo(before + 2, 2);
    });

    it('is for admins only', async () => {
      const body = { professionalId: t.ids.ana, points: 1000, reason: 'Eu mereço' };
      expect((await adjust(body, 'professional')).statusCode).toBe(403);
      expect((await adjust(body, 'shopkeeper')).statusCode).toBe(403);
      expect((await t.call(null, 'POST', '/api/cms/professionals/adjust-points', body)).statusCode).toBe(401);
    });
  });

  it('lists professionals with their reference store and filters by it', async () => {
    const all = (await t.call('admin', 'GET', '/api/cms/professionals/get-all?limit=100')).json();
    const withStore = all.items.find((item: { referenceStore: unknown }) => item.referenceStore !== null);
    expect(withStore.referenceStore).toEqual({ id: expect.any(String), name: expect.any(String) });
    const filtered = (
      await t.call(
        'admin',
        'GET',
        `/api/cms/professionals/get-all?limit=100&referenceStoreId=${withStore.referenceStore.id}`,
      )
    ).json();
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.total).toBeLessThan(all.total);
    for (const item of filtered.items) expect(item.referenceStore.id).toBe(withStore.referenceStore.id);
  });

  it('reads one professional, and answers 404 for an unknown one', async () => {
    const ana = await t.call('admin', 'GET', `/api/cms/professionals/get-one?id=${t.ids.ana}`);
    expect(ana.json()).toMatchObject({ id: t.ids.ana, name: 'Ana Arquiteta', behaviour: 'active' });
    const missing = await t.call(
      'admin',
      'GET',
      '/api/cms/professionals/get-one?id=00000000-0000-4000-8000-000000000000',
    );
    expect([missing.statusCode, missing.json().msg]).toEqual([404, 'Profissional não encontrado.']);
  });

  it('finds a professional by a masked fragment of the CPF', async () => {
    const cpf = cpfFrom('529982247');
    await t.call('admin', 'POST', '/api/cms/professionals/update', { id: t.ids.ana, cpf });
    const ana = (await t.call('admin', 'GET', `/api/cms/professionals/get-one?id=${t.ids.ana}`)).json();
    expect(ana.cpf).toBe(cpf);
    const fragment = `${ana.cpf.slice(3, 6)}.${ana.cpf.slice(6, 9)}-${ana.cpf.slice(9)}`;
    const found = (
      await t.call('admin', 'GET', `/api/cms/professionals/get-all?search=${encodeURIComponent(fragment)}`)
    ).json();
    expect(found.items.map((item: { id: string }) => item.id)).toContain(t.ids.ana);
  });

  it("totals a search's matches on every page and past the last, and the whole list as its rows", async () => {
    const list = async (query: string) =>
      (await t.call('admin', 'GET', `/api/cms/professionals/get-all?${query}`)).json() as {
        items: { id: string }[];
        total: number;
      };
    // Every e-mail holds an "@": the search matches every professional, counted with its page.
    const everyone = await list('search=%40&limit=1');
    const second = await list('search=%40&limit=1&page=2');
    const past = await list(`search=%40&limit=1&page=${everyone.total + 1}`);
    expect(everyone.total).toBeGreaterThan(1);
    expect([second.total, past.total, past.items.length]).toEqual([everyone.total, everyone.total, 0]);
    expect(second.items[0]?.id).not.toBe(everyone.items[0]?.id);
    // Unfiltered, the total is the one the table's triggers keep: the same people.
    expect((await list('limit=1')).total).toBe(everyone.total);
    const none = await list('search=ninguem-com-este-nome');
    expect([none.total, none.items]).toEqual([0, []]);
  });

  it("lists one person's experience subscriptions", async () => {
    const mine = (
      await t.call('admin', 'GET', `/api/cms/professionals/get-subscribers?participantId=${t.ids.ana}`)
    ).json();
    expect(mine.total).toBeGreaterThan(0);
    for (const item of mine.items) expect(item.participant.id).toBe(t.ids.ana);
  });

  describe('the level filter', () => {
    const levelsOf = async () =>
      (await t.call('admin', 'GET', '/api/cms/config/get-levels')).json().items as { id: string; name: string }[];

    it('lists the professionals of each level, every one in exactly one, and none of an unknown level', async () => {
      const levels = await levelsOf();
      expect(levels.length).toBeGreaterThan(1);
      const all = (await t.call('admin', 'GET', '/api/cms/professionals/get-all?limit=100')).json();
      let seen = 0;
      for (const level of levels) {
        const page = (
          await t.call('admin', 'GET', `/api/cms/professionals/get-all?limit=100&levelId=${level.id}`)
        ).json() as { total: number; items: { level: { level: string | null } }[] };
        for (const item of page.items) expect(item.level.level).toBe(level.name);
        seen += page.total;
      }
      expect(seen).toBe(all.total);
      const unknown = await t.call(
        'admin',
        'GET',
        '/api/cms/professionals/get-all?levelId=00000000-0000-4000-8000-000000000000',
      );
      expect(unknown.json()).toMatchObject({ total: 0, items: [] });
      const malformed = await t.call('admin', 'GET', '/api/cms/professionals/get-all?levelId=ouro');
      expect(malformed.statusCode).toBe(400);
    });

    it('finds a professional in the level their points of the cycle reach', async () => {
      const ana = (await t.call('admin', 'GET', `/api/cms/professionals/get-one?id=${t.ids.ana}`)).json();
      const level = (await levelsOf()).find((item) => item.name === ana.level.level);
      expect(level).toBeDefined();
      const page = (
        await t.call('admin', 'GET', `/api/cms/professionals/get-all?limit=100&levelId=${level?.id}`)
      ).json();
      expect(page.items.map((item: { id: string }) => item.id)).toContain(t.ids.ana);
    });

    it('exports the list as filtered, level included, as CSV and XLSX, for admins only', async () => {
      const [first] = await levelsOf();
      const page = (
        await t.call('admin', 'GET', `/api/cms/professionals/get-all?limit=100&levelId=${first?.id}`)
      ).json() as { total: number; items: { email: string }[] };
      const csv = await t.call('admin', 'GET', `/api/cms/professionals/export?levelId=${first?.id}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toBe('attachment; filename="profissionais.csv"');
      const rows = csv.body.trim().split(/\r?\n/);
      expect(rows[0]).toContain('Nível');
      expect(rows).toHaveLength(page.total + 1);
      for (const item of page.items) expect(csv.body).toContain(item.email);
      for (const row of rows.slice(1)) expect(row).toContain(`;"${first?.name}";`);
      const xlsx = await t.call('admin', 'GET', '/api/cms/professionals/export?format=xlsx');
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
      expect((await t.call('professional', 'GET', '/api/cms/professionals/export')).statusCode).toBe(403);
    });
  });

  describe('GET /cms/professionals/invoices/export', () => {
    it('exports the invoices of one origin as CSV, and as XLSX', async () => {
      const list = (
        await t.call('admin', 'GET', '/api/cms/professionals/invoices/get-all?submittedBy=shopkeeper&limit=100')
      ).json();
      expect(list.total).toBeGreaterThan(0);
      const csv = await t.call('admin', 'GET', '/api/cms/professionals/invoices/export?submittedBy=shopkeeper');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toBe('attachment; filename="notas-shopkeeper.csv"');
      const lines = csv.body.trim().split(/\r?\n/);
      expect(lines).toHaveLength(list.total + 1);
      for (const invoice of list.items as { number: string }[]) expect(csv.body).toContain(invoice.number);

      const xlsx = await t.call('admin', 'GET', '/api/cms/professionals/invoices/export?format=xlsx');
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const bad = await t.call('admin', 'GET', '/api/cms/professionals/invoices/export?format=pdf');
      expect([bad.statusCode, bad.json().msg]).toEqual([400, 'Escolha o formato: csv ou xlsx.']);
    });
  });
});
