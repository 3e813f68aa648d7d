import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';
import { ledgerEntries, professionals } from '../../src/db/schema';
import { withCnpjCheckDigits } from '../../src/domain/cnpj';
import { cycleYear } from '../../src/domain/levels';
import { postEntries } from '../../src/modules/ledger/service';
import { deferringRankings, RANKINGS_REFRESH_JOB, refreshRankings } from '../../src/modules/rankings';
import { createProfessional } from '../support/app';
import { testDrivers } from '../support/database';
import { expectLedgerConsistent, type ProgrammeTest, startProgramme, testEntry } from '../support/programme';
import { waitFor } from '../support/wait';

const DAY = 86_400_000;

describe.each(testDrivers)('rankings and extracts on %s', (driver) => {
  let t: ProgrammeTest;
  let early: string;
  let late: string;
  beforeAll(async () => {
    t = await startProgramme(driver);
    const result = await t.database.db.execute(sql`
      insert into professionals (name, email, password_hash, status)
      values ('Empate Primeiro', 'empate1@especifica.dev', '!', 'active'),
             ('Empate Segundo', 'empate2@especifica.dev', '!', 'active'),
             ('Bloqueada', 'bloqueada@especifica.dev', '!', 'active')
      returning id, name`);
    const rows = (result as unknown as { rows: { id: string; name: string }[] }).rows;
    const id = (name: string) => rows.find((row) => row.name === name)?.id ?? '';
    [early, late] = [id('Empate Primeiro'), id('Empate Segundo')];
    const credit = (participantId: string, amount: number, sourceId: string) =>
      postEntries(t.database.db, [
        {
          participant: { kind: 'professional', id: participantId },
          amount,
          kind: 'credit',
          sourceType: 'test',
          sourceId,
          issuer: 'system',
          reason: 'Nota fiscal de teste',
        },
      ]);
    // Same points, reached one after the other: the first to reach them ranks higher.
    await credit(early, 3_000_00, 'tie-1');
    await credit(late, 3_000_00, 'tie-2');
    await credit(id('Bloqueada'), 90_000_00, 'blocked');
    await t.database.db
      .update(professionals)
      .set({ behaviour: 'blocked' })
      .where(eq(professionals.id, id('Bloqueada')));
  }, 60_000);
  afterAll(() => t?.close());
  afterEach(() => expectLedgerConsistent(t));

  describe('GET /api/cms/professionals/get-professionals-ranking', () => {
    it('ranks by points earned in the cycle, ties by earliest reach, without blocked professionals', async () => {
      const response = await t.call('admin', 'GET', '/api/cms/professionals/get-professionals-ranking?limit=10');
      expect(response.statusCode).toBe(200);
      const names = response.json().items.map((item: { name: string }) => item.name);
      expect(names.slice(0, 4)).toEqual(['Ana Arquiteta', 'Empate Primeiro', 'Empate Segundo', 'Eduardo Engenheiro']);
      expect(names).not.toContain('Bloqueada');
      expect(response.json().items[0]).toMatchObject({ position: 1, points: 8250.5 });
    });

    it('breaks a tie by when the total that counts was reached, not by a credit later reversed', async () => {
      const result = await t.database.db.execute(sql`
        insert into professionals (name, email, password_hash, status)
        values ('Volta Um', 'volta1@especifica.dev', '!', 'active'), ('Volta Dois', 'volta2@especifica.dev', '!', 'active')
        returning id, name`);
      const [one, two] = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
      const entry = (id = '', amount: number, kind: 'credit' | 'reversal', sourceId: string) =>
        postEntries(t.database.db, [testEntry({ kind: 'professional', id }, amount, kind, sourceId)]);
      // One reaches 1,000 first; Two reaches it next; One's later 500 is reversed, back to the 1,000 of before.
      // (Below Eduardo's 1,200, so the positions the other cases expect stay.)
      await entry(one, 1_000_00, 'credit', 'volta-1a');
      await entry(two, 1_000_00, 'credit', 'volta-2a');
      await entry(one, 500_00, 'credit', 'volta-1b');
      await entry(one, -500_00, 'reversal', 'volta-1b');
      const [from, to] = [Date.now() - 2 * DAY, Date.now()].map((ms) => new Date(ms).toISOString().slice(0, 10));
      for (const query of ['search=volta', `search=volta&from=${from}&to=${to}`]) {
        const response = await t.call('admin', 'GET', `/api/cms/professionals/get-professionals-ranking?${query}`);
        const items = response.json().items as { name: string; points: number; position: number }[];
        expect(items.map((item) => [item.name, item.points])).toEqual([
          ['Volta Um', 1000],
          ['Volta Dois', 1000],
        ]);
        expect(items[0]?.position).toBe((items[1]?.position ?? 0) - 1);
      }
    });

    it('keeps the overall position when searching, and pages', async () => {
      const search = await t.call('admin', 'GET', '/api/cms/professionals/get-professionals-ranking?search=segundo');
      expect(search.json().items).toEqual([expect.objectContaining({ name: 'Empate Segundo', position: 3 })]);
      const second = await t.call('admin', 'GET', '/api/cms/professionals/get-professionals-ranking?limit=1&page=2');
      expect(second.json().items[0]).toMatchObject({ position: 2, name: 'Empate Primeiro' });
    });

    it('ranks another period, and an empty year', async () => {
      const old = await t.call('admin', 'GET', '/api/cms/professionals/get-professionals-ranking?year=2001');
      expect(old.json()).toMatchObject({ total: 0, items: [] });
      const today = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
      const period = await t.call(
        'admin',
        'GET',
        `/api/cms/professionals/get-professionals-ranking?from=${from}&to=${today}`,
      );
      expect(period.json().items[0]).toMatchObject({ name: 'Ana Arquiteta', points: 8250.5 });
      expect(
        (await t.call('admin', 'GET', '/api/cms/professionals/get-professionals-ranking?year=dois')).statusCode,
      ).toBe(400);
    });

    it('shows a professional their own position', async () => {
      const response = await t.call('other', 'GET', '/api/professionals/ranking?limit=1');
      expect(response.json().me).toMatchObject({ name: 'Eduardo Engenheiro', position: 4, points: 1200 });
    });
  });

  describe('sellers and stores', () => {
    /** A new store with one seller, the seller's id and store's. */
    const storeWithSeller = async (cnpj: string, store: string, name: string, email: string) => {
      const result = await t.database.db.execute(sql`
        with store as (
          insert into stores (cnpj, name, active) values (${withCnpjCheckDigits(cnpj)}, ${store}, true) returning id)
        insert into store_users (store_id, name, email, password_hash)
        select id, ${name}, ${`${email}@especifica.dev`}, '!' from store returning id, store_id`);
      const [seller] = (result as unknown as { rows: { id: string; store_id: string }[] }).rows;
      if (!seller) throw new Error('store not created');
      return seller;
    };
    const sale = (seller: { id: string }, amount: number, kind: 'credit' | 'reversal', sourceId: string) =>
      postEntries(t.database.db, [testEntry({ kind: 'shopkeeper', id: seller.id }, amount, kind, sourceId)]);

    it('ranks sellers without consultants, and shows the shopkeeper their own line', async () => {
      const response = await t.call('shopkeeper', 'GET', '/api/shopkeeper/seller-ranking');
      expect(response.json().me).toMatchObject({
        name: 'Sérgio Vendedor',
        position: 1,
        detail: 'Casa & Acabamento Demo',
      });
      expect(response.json().items.map((item: { name: string }) => item.name)).not.toContain('Carla Consultora');
      const admin = await t.call('admin', 'GET', `/api/admin/dashboard/store-sellers?storeId=${t.ids.store}`);
      expect(admin.json()).toMatchObject({ me: null, total: response.json().total });
    });

    it('shows a seller their own store’s sellers only, and refuses another store', async () => {
      const other = await storeWithSeller('555444330001', 'Outra Loja', 'Vendedor de Outra Loja', 'outra.loja');
      await sale(other, 1_00, 'credit', 'other-store-sale');
      const mine = await t.call('shopkeeper', 'GET', '/api/shopkeeper/seller-ranking?limit=100');
      const details = mine.json().items.map((item: { detail: string }) => item.detail);
      expect(details.length).toBeGreaterThan(0);
      expect(new Set(details)).toEqual(new Set(['Casa & Acabamento Demo']));
      const theirs = await t.call('shopkeeper', 'GET', `/api/shopkeeper/seller-ranking?storeId=${other.store_id}`);
      expect(theirs.statusCode).toBe(403);
      expect(theirs.json()).toEqual({
        msg: 'Você só pode ver o ranking dos vendedores da sua loja.',
        code: 'other-store',
      });
      // The admin's view of all sellers has them.
      const all = await t.call('admin', 'GET', '/api/admin/dashboard/store-sellers?search=outra');
      expect(all.json().items).toEqual([expect.objectContaining({ name: 'Vendedor de Outra Loja', points: 1 })]);
    });

    it('ranks stores by the sum of their shopkeepers’ points', async () => {
      const response = await t.call('admin', 'GET', '/api/cms/stores/get-stores-ranking');
      expect(response.json().items[0]).toMatchObject({ id: t.ids.store, points: 1950.75, position: 1 });
    });

    it('moves a shopkeeper’s points with them to another store, and leaves out a store whose points were taken back', async () => {
      const seller = await storeWithSeller('555444220001', 'Loja Nova', 'Vendedor da Loja Nova', 'loja.nova');
      const year = new Date(Date.now() - 3 * 3_600_000).getUTCFullYear();
      const ranked = async (query = '') =>
        (await t.call('admin', 'GET', `/api/cms/stores/get-stores-ranking?limit=100${query}`))
          .json()
          .items.map((item: { id: string; points: number; reachedAt: string }) => [
            item.id,
            item.points,
            item.reachedAt,
          ]);
      // The whole cycle read from the stores' totals, and the same dates summed from the ledger, agree.
      const sameAsLedger = async () =>
        expect(await ranked()).toEqual(await ranked(`&from=${year}-01-01&to=${year}-12-31`));

      await sale(seller, 5_000_00, 'credit', 'new-store-sale');
      expect((await ranked())[0]).toEqual([seller.store_id, 5000, expect.any(String)]);
      await sameAsLedger();

      await t.database.db.execute(sql`update store_users set store_id = ${t.ids.store} where id = ${seller.id}`);
      const moved = await ranked();
      expect(moved[0]).toEqual([t.ids.store, 6950.75, expect.any(String)]);
      expect(moved.map((row: unknown[]) => row[0])).not.toContain(seller.store_id);
      await sameAsLedger();

      await sale(seller, -5_000_00, 'reversal', 'new-store-sale');
      expect((await ranked())[0]).toEqual([t.ids.store, 1950.75, expect.any(String)]);
      await sameAsLedger();
    });
  });

  describe('GET /api/professionals/extract/get-all', () => {
    it('pages my movements with the balance and what expires in the next 90 days', async () => {
      await t.database.db.insert(ledgerEntries).values({
        participantKind: 'professional',
        participantId: t.ids.eduardo,
        amount: 40_00,
        kind: 'credit',
        sourceType: 'test',
        sourceId: 'old',
        reason: 'Crédito antigo',
        createdAt: new Date(Date.now() - 700 * DAY),
      });
      const response = await t.call('other', 'GET', '/api/professionals/extract/get-all?limit=1');
      expect(response.json()).toMatchObject({
        total: 2,
        limit: 1,
        balance: 1240,
        earnedInCycle: 1200,
        expiring: { days: 90, points: 40 },
      });
      const credits = await t.call('other', 'GET', '/api/professionals/extract/get-all?kind=credit');
      expect(credits.json().items.every((item: { kind: string }) => item.kind === 'credit')).toBe(true);
      expect((await t.call('other', 'GET', '/api/professionals/extract/get-all?kind=bonus')).json().total).toBe(0);
      expect((await t.call('other', 'GET', '/api/professionals/extract/get-all?kind=presente')).statusCode).toBe(400);
    });

    it('shows a shopkeeper their own movements only', async () => {
      const response = await t.call('shopkeeper', 'GET', '/api/professionals/extract/get-all');
      expect(response.json()).toMatchObject({ balance: 450.75, total: 2 });
    });
  });

  describe("the rankings' copy of the points", () => {
    /** A professional's totals of this cycle, as cycle_points and the rankings hold them, and how often listed. */
    const totalsOf = async (db: Db, id: string) => {
      const [row] = rowsOf<{ cycle: string | null; ranked: string | null; listed: number }>(
        await db.execute(sql`
          select (select earned from cycle_points c where c.participant_kind = 'professional'
                    and c.participant_id = ${id} and c.cycle_year = ${cycleYear(new Date())}) as cycle,
                 (select earned from ranking_points r where r.participant_kind = 'professional'
                    and r.participant_id = ${id} and r.cycle_year = ${cycleYear(new Date())}) as ranked,
                 (select count(*)::int from ranking_points_pending p where p.participant_id = ${id}) as listed`),
      );
      return { cycle: Number(row?.cycle ?? 0), ranked: Number(row?.ranked ?? 0), listed: row?.listed ?? 0 };
    };
    const credit = (db: Db, id: string, amount: number, sourceId: string) =>
      postEntries(db, [testEntry({ kind: 'professional', id }, amount, 'credit', sourceId)]);

    it("lists a deferred statement's totals for the refresh job, which copies them as they stand when it runs", async () => {
      const { id, name } = await createProfessional(t.database);
      await t.database.db.transaction(async (tx) => {
        await deferringRankings(tx, t.app.jobs, () => credit(tx, id, 5_00, 'deferred'));
        // Listed, not copied: the points moved, the rankings not yet.
        expect(await totalsOf(tx, id)).toEqual({ cycle: 5_00, ranked: 0, listed: 1 });
        // A later statement of the same transaction copies what it moves at once, the deferred total with it.
        await credit(tx, id, 1_00, 'inline');
        expect(await totalsOf(tx, id)).toEqual({ cycle: 6_00, ranked: 6_00, listed: 1 });
      });
      t.app.jobs.wake(RANKINGS_REFRESH_JOB);
      await waitFor('the refresh job', async () => (await totalsOf(t.database.db, id)).listed === 0);
      expect(await totalsOf(t.database.db, id)).toEqual({ cycle: 6_00, ranked: 6_00, listed: 0 });
      const ranking = await t.call(
        'admin',
        'GET',
        `/api/cms/professionals/get-professionals-ranking?search=${encodeURIComponent(name)}`,
      );
      expect(ranking.json().items).toEqual([expect.objectContaining({ id, points: 6 })]);
    });

    if (driver === 'postgres') {
      it('copies a total moved while the job runs as it was committed, never the one from before', async () => {
        const { id } = await createProfessional(t.database);
        await credit(t.database.db, id, 2_00, 'before');
        await t.database.db.execute(
          sql`insert into ranking_points_pending (participant_kind, participant_id, cycle_year)
              values ('professional', ${id}, ${cycleYear(new Date())})`,
        );
        // A sale moves the total and holds it, uncommitted, while the job copies the listed total.
        const gate = () => {
          let open: () => void = () => undefined;
          const opened = new Promise<void>((resolve) => {
            open = resolve;
          });
          return { open, opened };
        };
        const [moved, committing] = [gate(), gate()];
        const sale = t.database.db.transaction(async (tx) => {
          await credit(tx, id, 3_00, 'meanwhile');
          moved.open();
          await committing.opened;
        });
        await moved.opened;
        const refresh = refreshRankings(t.database.db);
        await waitFor('the job to wait for the sale', async () => {
          const [row] = rowsOf<{ n: number }>(
            await t.database.db.execute(sql`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like '%ranking_points_refresh%'`),
          );
          return (row?.n ?? 0) > 0;
        });
        committing.open();
        await sale;
        expect(await refresh).toBe(1);
        expect(await totalsOf(t.database.db, id)).toEqual({ cycle: 5_00, ranked: 5_00, listed: 0 });
      });
    }
  });

  describe('GET /api/cms/professionals/pce/get-all', () => {
    it('lists every movement of the programme with whose it is, searchable by name', async () => {
      const response = await t.call('admin', 'GET', '/api/cms/professionals/pce/get-all?search=sérgio');
      expect(response.json().items.length).toBe(2);
      expect(response.json().items[0].participant).toMatchObject({ kind: 'shopkeeper', name: 'Sérgio Vendedor' });
      const shopkeepers = await t.call('admin', 'GET', '/api/cms/professionals/pce/get-all?participantKind=shopkeeper');
      expect(shopkeepers.json().total).toBeGreaterThanOrEqual(3);
    });
  });
});
