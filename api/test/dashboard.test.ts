import { cmsDashboardSchema, dashboardDataSchema } from '@especifica/mf-shared/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ledgerEntries, professionals } from '../src/db/schema';
import { seedDemo } from '../src/demo/seed';
import { ledgerViolations } from '../src/modules/ledger/invariants.queries';
import { bearer, cheapArgon2, createProfessional, startTestApp, type TestApp, tokenFor } from './support/app';
import { testDrivers } from './support/database';

const DASHBOARD = '/api/professionals/get-dashboard-data';

describe.each(testDrivers)('dashboards on %s', (driver) => {
  let t: TestApp;
  let clock: Date | null = null;
  beforeAll(async () => {
    t = await startTestApp(driver, { now: () => clock ?? new Date() });
  }, 60_000);
  afterAll(() => t?.close());

  const dashboardOf = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url: DASHBOARD, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return z.parse(dashboardDataSchema, response.json());
  };

  async function credit(participantId: string, amount: number, kind: 'credit' | 'redemption', sourceId: string) {
    await t.database.db.insert(ledgerEntries).values({
      participantKind: 'professional',
      participantId,
      amount,
      kind,
      sourceType: 'test',
      sourceId,
    });
    // Written by another connection, as another replica would: wait for its announcement to reach the cache.
    await t.app.caches.changes.sync();
  }

  describe('GET /api/professionals/get-dashboard-data', () => {
    it("shows the demo architect's balance and level: 8.250,50 points, Prata 1", async () => {
      const data = await dashboardOf(await tokenFor(t.app, 'professional', 'ana@especifica.dev'));
      expect(data).toEqual({
        name: 'Ana Arquiteta',
        totalPoints: 8250.5,
        level: {
          level: 'Prata',
          name: 'Prata',
          points: 8250.5,
          sublevel: 1,
          // The second level by threshold: its emblem is silver's, whatever the level is called.
          rank: 1,
          nextLevel: 'Ouro',
          pointsToNextLevel: 6749.5,
          // 3.250,50 of Prata's 10.000 up to Ouro: the figure the dashboard and /categories both show.
          progress: 32,
        },
      });
    });

    it('tells browsers and proxies to keep none of it (Cache-Control: no-store)', async () => {
      const token = await tokenFor(t.app, 'professional', 'ana@especifica.dev');
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/professionals/dashboard/get-level',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('takes the balance from the ledger: a new entry moves it', async () => {
      const professional = await createProfessional(t.database);
      const token = await tokenFor(t.app, 'professional', professional.email, professional.password);
      expect((await dashboardOf(token)).totalPoints).toBe(0);
      await credit(professional.id, 5_100_29, 'credit', 'invoice-1');
      const after = await dashboardOf(token);
      expect(after.totalPoints).toBe(5100.29);
      expect(after.level).toMatchObject({ name: 'Prata', sublevel: 1, points: 5100.29 });
    });

    it('keeps the level of the points earned when a redemption lowers the balance', async () => {
      const professional = await createProfessional(t.database);
      const token = await tokenFor(t.app, 'professional', professional.email, professional.password);
      await credit(professional.id, 6_000_00, 'credit', 'invoice-1');
      await credit(professional.id, -2_000_00, 'redemption', 'experience-1');
      const data = await dashboardOf(token);
      expect(data.totalPoints).toBe(4000);
      // The way to the next level is that of the points earned (1.000 past Prata), never of the balance.
      expect(data.level).toMatchObject({ name: 'Prata', points: 4000, pointsToNextLevel: 9000, progress: 10 });
    });

    it('credits a source once: the same source and kind cannot be entered twice', async () => {
      const professional = await createProfessional(t.database);
      await credit(professional.id, 100_00, 'credit', 'invoice-1');
      await expect(credit(professional.id, 100_00, 'credit', 'invoice-1')).rejects.toThrow();
    });

    it('never edits or deletes a ledger entry', async () => {
      const professional = await createProfessional(t.database);
      await credit(professional.id, 100_00, 'credit', 'invoice-1');
      const mine = eq(ledgerEntries.participantId, professional.id);
      await expect(t.database.db.update(ledgerEntries).set({ amount: 1 }).where(mine)).rejects.toThrow();
      await expect(t.database.db.delete(ledgerEntries).where(mine)).rejects.toThrow();
    });

    it('shows a shopkeeper their own points', async () => {
      const data = await dashboardOf(await tokenFor(t.app, 'shopkeeper', 'sergio@especifica.dev'));
      expect(data).toMatchObject({ name: 'Sérgio Vendedor', totalPoints: 450.75 });
    });
  });

  describe('GET /api/cms/dashboard/get-all', () => {
    /** The admin's dashboard as it stands now, checked against its contract. */
    const dashboardNow = async () => {
      const token = await tokenFor(t.app, 'admin', 'admin@especifica.dev');
      const response = await t.app.inject({ method: 'GET', url: '/api/cms/dashboard/get-all', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      return z.parse(cmsDashboardSchema, response.json());
    };

    it('counts the accounts and stores', async () => {
      const counts = await dashboardNow();
      // Sérgio, Carla, Mônica (the manager) and Marina's seller account (Marina also holds a professional account
      // under the same e-mail).
      expect(counts).toMatchObject({ stores: 1, shopkeepers: 4, admins: 1 });
      await createProfessional(t.database);
      expect((await dashboardNow()).professionals).toBe(counts.professionals + 1);
    });

    it('charts 12 months, oldest first, with the points redeemed net of refunds and the points expired', async () => {
      const seriesOf = async () => (await dashboardNow()).series;
      const before = await seriesOf();
      expect(before).toHaveLength(12);
      expect(before.map((month) => month.month)).toEqual([...before.map((month) => month.month)].sort());
      const professional = await createProfessional(t.database);
      const entry = (amount: number, kind: 'credit' | 'redemption' | 'reversal' | 'expiry', sourceType: string) => ({
        participantKind: 'professional' as const,
        participantId: professional.id,
        amount,
        kind,
        sourceType,
        sourceId: `${kind}-${sourceType}`,
      });
      await t.database.db
        .insert(ledgerEntries)
        .values([
          entry(100_00, 'credit', 'test'),
          entry(-30_00, 'redemption', 'experience'),
          entry(10_00, 'reversal', 'experience'),
          entry(-5_50, 'expiry', 'test'),
        ]);
      await t.app.caches.changes.sync();
      const after = await seriesOf();
      const [was, now] = [before.at(-1), after.at(-1)];
      expect(now?.month).toBe(was?.month);
      expect([(now?.redeemed ?? 0) - (was?.redeemed ?? 0), (now?.expired ?? 0) - (was?.expired ?? 0)]).toEqual([
        20, 5.5,
      ]);
    });

    it("moves the cycle's earnings, the outstanding balance and the professionals with points with each entry", async () => {
      const kpisOf = async () => (await dashboardNow()).kpis;
      const before = await kpisOf();
      // Differences of figures in reais and points, to the cent.
      const moved = (now: typeof before) =>
        [
          now.pointsEarned - before.pointsEarned,
          now.pointsOutstanding - before.pointsOutstanding,
          now.professionalsWithPoints - before.professionalsWithPoints,
        ].map((value) => Math.round(value * 100) / 100);
      const professional = await createProfessional(t.database);
      await credit(professional.id, 1_234_56, 'credit', 'invoice-kpi');
      expect(moved(await kpisOf())).toEqual([1234.56, 1234.56, 1]);
      // A reversal of all of it: the professional has no points of the cycle left, so no longer counts.
      await t.database.db.insert(ledgerEntries).values({
        participantKind: 'professional',
        participantId: professional.id,
        amount: -1_234_56,
        kind: 'reversal',
        sourceType: 'test',
        sourceId: 'invoice-kpi',
      });
      expect(moved(await kpisOf())).toEqual([0, 0, 0]);
      expect(await ledgerViolations(t.database.db)).toEqual([]);
    });

    it('answers 403 to a professional', async () => {
      const token = await tokenFor(t.app, 'professional', 'ana@especifica.dev');
      const response = await t.app.inject({ method: 'GET', url: '/api/cms/dashboard/get-all', headers: bearer(token) });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('auth.forbidden');
    });
  });

  describe('demo seed', () => {
    it('adds nothing when it runs again', async () => {
      const count = () => t.database.db.$count(ledgerEntries);
      const before = await count();
      await seedDemo(t.database.db, cheapArgon2);
      expect(await count()).toBe(before);
      const [ana] = await t.database.db
        .select()
        .from(professionals)
        .where(eq(professionals.email, 'ana@especifica.dev'));
      expect(ana?.profession).toBe('Arquiteto');
    });
  });

  describe('the points cycle', () => {
    it('counts toward the level only what was earned in the current year', async () => {
      // A clock in the next year: the seeded credits belong to the previous cycle.
      clock = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 1));
      try {
        const data = await dashboardOf(await tokenFor(t.app, 'professional', 'ana@especifica.dev'));
        expect(data).toMatchObject({
          totalPoints: 8250.5,
          level: { name: 'Bronze', points: 8250.5, nextLevel: 'Prata', pointsToNextLevel: 5000 },
        });
      } finally {
        clock = null;
      }
    });
  });
});
