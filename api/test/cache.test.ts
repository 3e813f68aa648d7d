import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { CHANGES_CHANNEL } from '../src/cache/changes';
import { ledgerEntries, professionals, stores } from '../src/db/schema';
import { deferringRankings, RANKINGS_REFRESH_JOB, refreshRankings } from '../src/modules/rankings';
import { createProfessional } from './support/app';
import { testDrivers } from './support/database';
import { programmeSuite } from './support/programme-suite';
import { waitFor } from './support/wait';

const DASHBOARD = '/api/professionals/get-dashboard-data';

async function until(condition: () => boolean, what: string, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDrivers)('read caches and the changes announced by the database on %s', (driver) => {
  const t = programmeSuite(driver);

  /** What the triggers announce while `change` runs, as a listener of its own hears it. */
  async function announced(change: () => Promise<unknown>): Promise<string[]> {
    const heard: string[] = [];
    const marker = `sync:${randomUUID()}`;
    const listening = await t.database.listen(
      CHANGES_CHANNEL,
      (payload) => heard.push(payload),
      () => undefined,
    );
    try {
      await change();
      // Notifications arrive in commit order: once this marker is heard, so is everything committed before it.
      await t.database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${marker})`);
      await until(() => heard.includes(marker), 'the marker');
    } finally {
      await listening.close();
    }
    return heard.filter((payload) => !payload.startsWith('sync:'));
  }

  const keysOf = (payload: string | undefined) =>
    payload
      ?.slice(payload.indexOf(':') + 1)
      .split(',')
      .sort();

  const entry = (participantId: string, sourceId: string) => ({
    participantKind: 'professional' as const,
    participantId,
    amount: 100,
    kind: 'extra' as const,
    sourceType: 'test-cache',
    sourceId,
  });

  const balanceOf = async (caller: 'professional' | 'other') => {
    const response = await t.call(caller, 'GET', DASHBOARD);
    expect(response.statusCode).toBe(200);
    return response.json() as { totalPoints: number; level: { name: string } };
  };

  it('announces the participants of a ledger statement, once each', async () => {
    const heard = await announced(() =>
      t.database.db
        .insert(ledgerEntries)
        .values([entry(t.ids.ana, 'a1'), entry(t.ids.ana, 'a2'), entry(t.ids.eduardo, 'a3')]),
    );
    expect(heard).toHaveLength(1);
    expect(heard[0]?.startsWith('standing:')).toBe(true);
    expect(keysOf(heard[0])).toEqual([`professional:${t.ids.ana}`, `professional:${t.ids.eduardo}`].sort());
  });

  it('announces the whole topic when a statement moves more than 100 participants', async () => {
    const many = Array.from({ length: 101 }, (_, i) => entry(randomUUID(), `many-${i}`));
    expect(await announced(() => t.database.db.insert(ledgerEntries).values(many))).toEqual(['standing']);
  });

  it('announces an account when a column of the session check changes, not on other edits', async () => {
    const ana = eq(professionals.id, t.ids.ana);
    expect(
      await announced(() => t.database.db.update(professionals).set({ cellphone: '11988887777' }).where(ana)),
    ).toEqual([]);
    const [before] = await t.database.db.select({ name: professionals.name }).from(professionals).where(ana);
    const renamed = await announced(() =>
      t.database.db.update(professionals).set({ name: 'Ana Renomeada' }).where(ana),
    );
    expect(renamed).toEqual([`account:professional:${t.ids.ana}`]);
    await t.database.db
      .update(professionals)
      .set({ name: before?.name ?? '' })
      .where(ana);
  });

  it('announces the people of a store whose status changed, so that their sessions end', async () => {
    const store = eq(stores.id, t.ids.store);
    const closed = await announced(() => t.database.db.update(stores).set({ active: false }).where(store));
    await t.database.db.update(stores).set({ active: true }).where(store);
    expect(closed).toHaveLength(1);
    expect(keysOf(closed[0])).toEqual(
      expect.arrayContaining([`shopkeeper:${t.ids.sergio}`, `shopkeeper:${t.ids.carla}`]),
    );
    expect(await announced(() => t.database.db.update(stores).set({ name: 'Loja Renomeada' }).where(store))).toEqual(
      [],
    );
  });

  it('answers the dashboard from the cache, and forgets it when the ledger moves', async () => {
    const before = await balanceOf('other');
    expect(t.app.caches.standings.size).toBeGreaterThan(0);
    await t.database.db.insert(ledgerEntries).values({ ...entry(t.ids.eduardo, 'moved'), amount: 12_345 });
    await t.app.caches.changes.sync();
    expect((await balanceOf('other')).totalPoints).toBeCloseTo(before.totalPoints + 123.45, 2);
  });

  it("shows a participant's new name on the next dashboard read, with the same kept points", async () => {
    const before = await balanceOf('other');
    const eduardo = eq(professionals.id, t.ids.eduardo);
    const [row] = await t.database.db.select({ name: professionals.name }).from(professionals).where(eduardo);
    const name = row?.name ?? '';
    expect(name).not.toBe('');
    await t.database.db.update(professionals).set({ name: 'Eduardo Renomeado' }).where(eduardo);
    await t.app.caches.changes.sync();
    try {
      expect(await balanceOf('other')).toEqual({ ...before, name: 'Eduardo Renomeado' });
    } finally {
      await t.database.db.update(professionals).set({ name }).where(eduardo);
      await t.app.caches.changes.sync();
    }
    expect(await balanceOf('other')).toEqual(before);
  });

  it("recounts a ranking's total and positions when points move", async () => {
    const ranking = async () => {
      const response = await t.call('other', 'GET', '/api/professionals/ranking?page=1&limit=5');
      expect(response.statusCode).toBe(200);
      return response.json() as { total: number; me: { position: number } };
    };
    const before = await ranking();
    expect(await ranking()).toMatchObject({ total: before.total, me: { position: before.me.position } });
    const newcomer = await createProfessional(t.database);
    await t.database.db.insert(ledgerEntries).values({ ...entry(newcomer.id, 'newcomer'), amount: 999_999_00 });
    await t.app.caches.changes.sync();
    expect(await ranking()).toMatchObject({ total: before.total + 1, me: { position: before.me.position + 1 } });
  });

  it("recounts a ranking when the refresh job copies a grant's totals into it, after the grant's commit", async () => {
    const ranking = async () =>
      (await t.call('other', 'GET', '/api/professionals/ranking?page=1&limit=5')).json() as { total: number };
    const before = await ranking();
    const newcomer = await createProfessional(t.database);
    await t.database.db.transaction((tx) =>
      deferringRankings(tx, t.app.jobs, () =>
        tx.insert(ledgerEntries).values({ ...entry(newcomer.id, 'deferred'), amount: 5_00 }),
      ),
    );
    // Counted again now, most likely before the job has run (its worker is not woken): that count is kept, until the
    // job's announcement forgets it.
    await ranking();
    t.app.jobs.wake(RANKINGS_REFRESH_JOB);
    await waitFor('the refresh job', async () => {
      await t.app.caches.changes.sync();
      return (await ranking()).total === before.total + 1;
    });
    // The job announces what it copied, and nothing when there was nothing to copy.
    await t.database.db.execute(sql`
      insert into ranking_points_pending (participant_kind, participant_id, cycle_year)
      select participant_kind, participant_id, cycle_year from cycle_points where participant_id = ${newcomer.id}`);
    expect(await announced(() => refreshRankings(t.database.db))).toEqual(['ranking']);
    expect(await announced(() => refreshRankings(t.database.db))).toEqual([]);
  });

  it('holds the answer to a write until this process has heard its changes, and a read not at all', async () => {
    // Observes the feed (the real one: each call goes through) to see when an answer waits for it.
    const sync = jest.spyOn(t.app.caches.changes, 'sync');
    try {
      await balanceOf('professional');
      expect(sync).not.toHaveBeenCalled();
      const levels = (await t.call('admin', 'GET', '/api/cms/config/get-levels')).json().items;
      expect(sync).not.toHaveBeenCalled();
      expect((await t.call('admin', 'POST', '/api/cms/config/update-levels', { levels })).statusCode).toBe(200);
      expect(sync).toHaveBeenCalledTimes(1);
      // A refused write waits too: what it did before failing may have been committed.
      expect((await t.call('admin', 'POST', '/api/cms/config/update-levels', { levels: [] })).statusCode).toBe(400);
      expect(sync).toHaveBeenCalledTimes(2);
    } finally {
      sync.mockRestore();
    }
  });

  it("shows an admin's edit of the level table on the next dashboard read", async () => {
    expect((await balanceOf('professional')).level.name).toBe('Prata');
    const current = (await t.call('admin', 'GET', '/api/cms/config/get-levels')).json().items as {
      name: string;
      points: number;
    }[];
    const raised = current.map((level) => (level.name === 'Prata' ? { ...level, points: 9_000_000 } : level));
    expect((await t.call('admin', 'POST', '/api/cms/config/update-levels', { levels: raised })).statusCode).toBe(200);
    try {
      expect((await balanceOf('professional')).level.name).toBe('Bronze');
    } finally {
      expect((await t.call('admin', 'POST', '/api/cms/config/update-levels', { levels: current })).statusCode).toBe(
        200,
      );
    }
    expect((await balanceOf('professional')).level.name).toBe('Prata');
  });

  if (driver === 'postgres') {
    it('reads through while the listening connection is lost, and caches again once it is back', async () => {
      await balanceOf('other');
      await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`);
      await until(() => !t.app.caches.changes.live, 'the feed to notice');
      expect(t.app.caches.standings.size).toBe(0);
      const before = await balanceOf('other');
      await t.database.db.insert(ledgerEntries).values({ ...entry(t.ids.eduardo, 'while-down'), amount: 500 });
      // No announcement can arrive while it is down: the read goes to the database.
      expect((await balanceOf('other')).totalPoints).toBeCloseTo(before.totalPoints + 5, 2);
      await until(() => t.app.caches.changes.live, 'the feed to reconnect');
      await balanceOf('other');
      expect(t.app.caches.standings.size).toBeGreaterThan(0);
    });
  }
});
