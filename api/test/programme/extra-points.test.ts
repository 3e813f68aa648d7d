import { and, count, eq, sql } from 'drizzle-orm';
import { auditRecords, extraPointGrants, notifications, professionals } from '../../src/db/schema';
import { pruneNoticeMarks, writeGrantNotices } from '../../src/modules/extra-points/service';
import { balanceOf } from '../../src/modules/ledger/service';
import { testDrivers } from '../support/database';
import { programmeSuite } from '../support/programme-suite';
import { shopkeeperSignsUp } from '../support/sign-ups';
import { waitFor } from '../support/wait';

const DAY = 86_400_000;

describe.each(testDrivers)('extra points on %s', (driver) => {
  const t = programmeSuite(driver);

  const campaign = async (audience: 'professional' | 'shopkeeper', extra: Record<string, unknown> = {}) => {
    const response = await t.call('admin', 'POST', '/api/cms/points-extra/create', {
      name: `Campanha ${Math.random().toString(36).slice(2, 7)}`,
      points: 150.25,
      audience,
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + DAY).toISOString(),
      ...extra,
    });
    expect(response.statusCode).toBe(200);
    return response.json().item as { id: string; name: string; qrCode: string };
  };
  const addTo = (id: string, ids: string[]) =>
    t.call('admin', 'POST', '/api/cms/points-extra/add-extra-point-in-professional', {
      idExtraPoint: id,
      idProfessionals: ids,
    });
  const ana = () => ({ kind: 'professional' as const, id: t.ids.ana });
  /** A campaign's notices so far: its job writes them a moment after the grant commits. */
  const noticesOf = async (campaignId: string) => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(sql`${notifications.type} = 'extra-points' and ${notifications.data}->>'campaignId' = ${campaignId}`);
    return row?.n ?? 0;
  };
  const noticed = (campaignId: string, n: number) =>
    waitFor(`${n} notices of campaign ${campaignId}`, async () => (await noticesOf(campaignId)) === n);

  describe('campaigns', () => {
    it('creates, lists, updates and switches a campaign off', async () => {
      const created = await campaign('professional');
      const list = await t.call('admin', 'GET', '/api/cms/points-extra/get-all?audience=professional');
      expect(list.json().items.map((item: { id: string }) => item.id)).toContain(created.id);
      const updated = await t.call('admin', 'POST', '/api/cms/points-extra/update', { id: created.id, points: 10 });
      expect(updated.json().item.points).toBe(10);
      const off = await t.call('admin', 'POST', '/api/cms/points-extra/change-status', {
        id: created.id,
        active: false,
      });
      expect(off.json().msg).toBe('Campanha desativada com sucesso!');
      expect((await addTo(created.id, [t.ids.ana])).json().code).toBe('campaign-closed');
    });

    it('refuses zero points and an end before the start', async () => {
      const zero = await t.call('admin', 'POST', '/api/cms/points-extra/create', {
        name: 'X',
        points: 0,
        audience: 'professional',
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + DAY).toISOString(),
      });
      expect([zero.statusCode, zero.json().msg]).toEqual([400, 'Digite uma quantidade de pontos válida.']);
      const backwards = await t.call('admin', 'POST', '/api/cms/points-extra/create', {
        name: 'X',
        points: 1,
        audience: 'professional',
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() - DAY).toISOString(),
      });
      expect(backwards.json().msg).toBe('A data final precisa ser depois da inicial.');
    });
  });

  describe('add and remove professionals', () => {
    it('credits each professional once per campaign, however often they are added', async () => {
      const { id } = await campaign('professional');
      const before = await balanceOf(t.database.db, ana());
      const first = await addTo(id, [t.ids.ana, t.ids.eduardo, t.ids.ana]);
      expect(first.json()).toEqual({ msg: 'Pontos extras concedidos a 2 profissionais.', added: 2, skipped: 0 });
      const again = await addTo(id, [t.ids.ana]);
      expect(again.json()).toMatchObject({ added: 0, skipped: 1 });
      expect(await balanceOf(t.database.db, ana())).toBe(before + 150_25);
      await noticed(id, 2);
      const [notice] = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, t.ids.ana), eq(notifications.type, 'extra-points')));
      expect(notice?.message).toContain('150,25 pontos extras');

      const members = await t.call('admin', 'GET', `/api/cms/points-extra/${id}?limit=10`);
      expect(members.json().total).toBe(2);
      const listed = await t.call('admin', 'GET', '/api/cms/points-extra/get-all?limit=100');
      expect(listed.json().items.find((item: { id: string }) => item.id === id).granted).toBe(2);

      const removed = await t.call('admin', 'POST', '/api/cms/points-extra/remove-extra-point-in-professional', {
        idExtraPoint: id,
        idProfessional: t.ids.ana,
      });
      expect(removed.json()).toMatchObject({ removed: 1 });
      expect(await balanceOf(t.database.db, ana())).toBe(before);
      expect((await addTo(id, [t.ids.ana])).json()).toMatchObject({ added: 0, skipped: 1 });
      const twice = await t.call('admin', 'POST', '/api/cms/points-extra/remove-extra-point-in-professional', {
        idExtraPoint: id,
        idProfessional: t.ids.ana,
      });
      expect(twice.statusCode).toBe(404);
    });

    it('gives 3,000 professionals a campaign in one set-based call', async () => {
      const rows = await t.database.db.execute(sql`
        insert into professionals (name, email, password_hash, status)
        select 'Bulk ' || n, 'bulk' || n || '@especifica.dev', '!', 'active' from generate_series(1, 3000) n
        returning id`);
      const ids = (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
      const { id } = await campaign('professional');
      const response = await addTo(id, ids);
      expect(response.json()).toEqual({
        msg: 'Pontos extras concedidos a 3.000 profissionais.',
        added: 3000,
        skipped: 0,
      });
      const history = await t.call('admin', 'GET', `/api/cms/points-extra/get-extract?campaignId=${id}&limit=1`);
      expect(history.json().total).toBe(3000);
      await noticed(id, 3000);
      // Its grants, credits and notices have time-first (version 7) ids, which the keys' indexes take at their end:
      // the millisecond first (this minute's), in the order they were written, then the version 7 and the variant 10.
      const versions = await t.database.db.execute(sql`
        select v.tbl, substr(v.id::text, 15, 1) as version, count(*)::int as n,
               bool_and(substr(v.id::text, 20, 1) in ('8', '9', 'a', 'b')) as variant,
               bool_and(abs(('x' || lpad(replace(substr(v.id::text, 1, 13), '-', ''), 16, '0'))::bit(64)::bigint
                            - extract(epoch from now()) * 1000) < 60000) as now
        from (
          select 'grants' as tbl, g.id from extra_point_grants g where g.campaign_id = ${id}
          union all select 'ledger', l.id from ledger_entries l where l.source_type = 'extra-point' and l.source_id = ${id}
          union all select 'notifications', x.id from notifications x where x.data->>'campaignId' = ${id}
        ) v
        group by 1, 2 order by 1, 2`);
      expect((versions as unknown as { rows: unknown[] }).rows).toEqual([
        { tbl: 'grants', version: '7', n: 3000, variant: true, now: true },
        { tbl: 'ledger', version: '7', n: 3000, variant: true, now: true },
        { tbl: 'notifications', version: '7', n: 3000, variant: true, now: true },
      ]);
      const [order] = (
        (await t.database.db.execute(sql`
          select bool_and(at <= next) as ordered from (
            select substr(id::text, 1, 13) as at, lead(substr(id::text, 1, 13)) over (order by seq) as next
            from notifications where data->>'campaignId' = ${id}) s
          where next is not null`)) as unknown as { rows: { ordered: boolean }[] }
      ).rows;
      expect(order?.ordered).toBe(true);
    });

    it("writes a grant call's notices once, after it commits, and none to a grant taken back before", async () => {
      const { id } = await campaign('professional');
      expect((await addTo(id, [t.ids.ana, t.ids.eduardo])).json()).toMatchObject({ added: 2 });
      await noticed(id, 2);
      const grants = await t.database.db
        .select({ batch: extraPointGrants.noticeBatch })
        .from(extraPointGrants)
        .where(eq(extraPointGrants.campaignId, id));
      const batches = [...new Set(grants.map((grant) => grant.batch))];
      expect(batches).toHaveLength(1);
      // The job run again (a worker that died after writing, before the queue heard of it) writes nothing more.
      const again = await t.database.db.transaction((tx) =>
        writeGrantNotices(tx, { campaignId: id, batch: batches[0] ?? '' }),
      );
      expect(again).toBe(0);
      expect(await noticesOf(id)).toBe(2);

      // A grant taken back before its job ran gets no notice: the job writes for the grants still standing.
      const other = await campaign('professional');
      const [removed] = (
        (await t.database.db.execute(sql`
          insert into extra_point_grants (campaign_id, participant_kind, participant_id, via, granted_by, notice_batch,
                                          status)
          values (${other.id}, 'professional', ${t.ids.ana}, 'admin', 'test', uuid_v7(), 'removed')
          returning notice_batch::text as batch`)) as unknown as { rows: { batch: string }[] }
      ).rows;
      const written = await t.database.db.transaction((tx) =>
        writeGrantNotices(tx, { campaignId: other.id, batch: removed?.batch ?? '' }),
      );
      expect(written).toBe(0);
      expect(await noticesOf(other.id)).toBe(0);

      // The marks are kept 30 days, far past any retry of a job, then pruned: a younger one stays.
      const marks = async () =>
        (
          (await t.database.db.execute(sql`
            select batch::text as batch from extra_point_notice_batches where batch in (${batches[0]}, ${removed?.batch})
            order by batch`)) as unknown as { rows: { batch: string }[] }
        ).rows.map((row) => row.batch);
      expect(await marks()).toHaveLength(2);
      expect(await pruneNoticeMarks(t.database.db, new Date(Date.now() + 29 * DAY))).toBe(0);
      expect(await marks()).toHaveLength(2);
      expect(await pruneNoticeMarks(t.database.db, new Date(Date.now() + 31 * DAY))).toBeGreaterThanOrEqual(2);
      expect(await marks()).toEqual([]);
    });

    it('refuses a campaign for shopkeepers, an empty list and ids that are not ids', async () => {
      const { id } = await campaign('shopkeeper');
      expect((await addTo(id, [t.ids.ana])).json().code).toBe('campaign-audience');
      expect((await addTo(id, [])).json().msg).toBe('Selecione de 1 a 200.000 profissionais.');
      expect((await addTo(id, ['x'])).statusCode).toBe(400);
      expect((await addTo('00000000-0000-4000-8000-000000000000', [t.ids.ana])).statusCode).toBe(404);
    });
  });

  describe('stores', () => {
    it('gives every active user of a store the points once, and takes them back with the store', async () => {
      const { id } = await campaign('shopkeeper');
      const sergio = { kind: 'shopkeeper' as const, id: t.ids.sergio };
      const before = await balanceOf(t.database.db, sergio);
      const added = await t.call('admin', 'POST', '/api/cms/points-extra/add-extra-point-in-store', {
        idExtraPoint: id,
        idStore: t.ids.store,
      });
      expect(added.json().added).toBeGreaterThanOrEqual(2);
      expect(await balanceOf(t.database.db, sergio)).toBe(before + 150_25);
      const storesOf = await t.call('admin', 'GET', `/api/cms/points-extra/${id}/store`);
      expect(storesOf.json().items[0]).toMatchObject({ id: t.ids.store, status: 'granted' });
      const removed = await t.call('admin', 'POST', '/api/cms/points-extra/remove-extra-point-in-store', {
        idExtraPoint: id,
        idStore: t.ids.store,
      });
      expect(removed.json().removed).toBe(added.json().added);
      expect(await balanceOf(t.database.db, sergio)).toBe(before);
    });

    it('leaves out a self sign-up still waiting for approval: not yet of the store team', async () => {
      const { id } = await campaign('shopkeeper');
      const pending = await shopkeeperSignsUp(t, t.ids.store);
      const added = await t.call('admin', 'POST', '/api/cms/points-extra/add-extra-point-in-store', {
        idExtraPoint: id,
        idStore: t.ids.store,
      });
      expect(added.statusCode).toBe(200);
      expect(await balanceOf(t.database.db, { kind: 'shopkeeper', id: pending.id })).toBe(0);
      expect(await balanceOf(t.database.db, { kind: 'shopkeeper', id: t.ids.sergio })).toBeGreaterThan(0);
    });
  });

  describe('a pasted list of documents', () => {
    const byDocuments = (id: string, documents: string[]) =>
      t.call('admin', 'POST', '/api/cms/points-extra/add-by-documents', { idExtraPoint: id, documents });
    /** Gives the professional a CPF (the demo logins have none) and answers it. */
    const withCpf = async (id: string, cpf: string) => {
      await t.database.db.update(professionals).set({ cpf }).where(eq(professionals.id, id));
      return cpf;
    };

    it('gives a professionals campaign to the CPFs pasted, masked or not, and names the ones that match nobody', async () => {
      const { id } = await campaign('professional');
      const cpf = await withCpf(t.ids.eduardo, '39053344705');
      const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
      const before = await balanceOf(t.database.db, { kind: 'professional', id: t.ids.eduardo });
      const response = await byDocuments(id, [masked, cpf, '111.444.777-35']);
      expect(response.json()).toEqual({
        msg: 'Pontos extras concedidos a 1 profissional.',
        added: 1,
        skipped: 0,
        unknown: ['111.444.777-35'],
      });
      expect(await balanceOf(t.database.db, { kind: 'professional', id: t.ids.eduardo })).toBe(before + 150_25);
      expect((await byDocuments(id, [cpf])).json()).toMatchObject({ added: 0, skipped: 1, unknown: [] });
      const [entry] = await t.database.db
        .select()
        .from(auditRecords)
        .where(and(eq(auditRecords.entityId, id), eq(auditRecords.action, 'add-by-documents')));
      expect(entry?.after).toMatchObject({ asked: 2, added: 1, unknown: 1 });
    });

    it('gives a shopkeepers campaign to the stores of the CNPJs pasted, each active shopkeeper once', async () => {
      const { id } = await campaign('shopkeeper');
      const [store] = await t.database.db
        .execute(sql`select cnpj from stores where id = ${t.ids.store}`)
        .then((rows) => (rows as unknown as { rows: { cnpj: string }[] }).rows);
      if (!store) throw new Error('no demo store');
      const sergio = { kind: 'shopkeeper' as const, id: t.ids.sergio };
      const before = await balanceOf(t.database.db, sergio);
      const response = await byDocuments(id, [store.cnpj.toLowerCase(), '11.222.333/0001-81']);
      expect(response.json()).toMatchObject({ unknown: ['11.222.333/0001-81'] });
      expect(response.json().added).toBeGreaterThanOrEqual(1);
      expect(await balanceOf(t.database.db, sergio)).toBe(before + 150_25);
      const storesOf = await t.call('admin', 'GET', `/api/cms/points-extra/${id}/store`);
      expect(storesOf.json().items).toEqual([expect.objectContaining({ id: t.ids.store, status: 'granted' })]);
    });

    it('refuses an empty list, a closed campaign and a participant calling it', async () => {
      const { id } = await campaign('professional');
      expect((await byDocuments(id, [])).json().msg).toBe('Cole de 1 a 200.000 CPFs ou CNPJs.');
      await t.call('admin', 'POST', '/api/cms/points-extra/change-status', { id, active: false });
      expect((await byDocuments(id, ['111.444.777-35'])).json().code).toBe('campaign-closed');
      const participant = await t.call('professional', 'POST', '/api/cms/points-extra/add-by-documents', {
        idExtraPoint: id,
        documents: ['111.444.777-35'],
      });
      expect(participant.statusCode).toBe(403);
    });
  });

  describe('the history pages', () => {
    it('filters the movements by period and exports them as filtered, never capped', async () => {
      const { id, name } = await campaign('professional');
      await addTo(id, [t.ids.ana, t.ids.eduardo]);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      const inside = await t.call(
        'admin',
        'GET',
        `/api/cms/points-extra/get-extract?campaignId=${id}&from=${today}&to=${today}`,
      );
      expect(inside.json().total).toBe(2);
      const before = await t.call('admin', 'GET', `/api/cms/points-extra/get-extract?campaignId=${id}&to=2020-01-01`);
      expect(before.json().total).toBe(0);
      const backwards = await t.call('admin', 'GET', '/api/cms/points-extra/get-extract?from=2026-02-01&to=2026-01-01');
      expect([backwards.statusCode, backwards.json().msg]).toEqual([
        400,
        'A data final precisa ser depois da inicial.',
      ]);

      const file = await t.call(
        'admin',
        'GET',
        `/api/cms/points-extra/get-extract?campaignId=${id}&format=csv&limit=1`,
      );
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/pontos-extras-.*\.csv/);
      const lines = file.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        '"Data";"Campanha";"Tipo";"Nome";"E-mail";"CPF";"Loja";"Pontos";"Situação";"Origem";"Motivo";"Removido em"',
      );
      // limit=1 pages the screen; the export takes every row the filters select.
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(`"${name}";"Profissional"`);
      expect(lines[1]).toContain('150,25;"Concedido";"Administração"');
    });
  });

  describe('the extract of grants', () => {
    it('lists grants by type and removes one through update-extract, for good', async () => {
      const { id } = await campaign('professional');
      await addTo(id, [t.ids.eduardo]);
      const history = await t.call(
        'admin',
        'GET',
        `/api/cms/points-extra/get-extract?type=professional&campaignId=${id}`,
      );
      const [grant] = history.json().items;
      expect(grant).toMatchObject({ participant: { id: t.ids.eduardo }, status: 'granted', via: 'admin' });
      const removed = await t.call('admin', 'POST', '/api/cms/points-extra/update-extract', {
        id: grant.id,
        active: false,
        reason: 'Concedido por engano',
      });
      expect(removed.json().item).toMatchObject({ status: 'removed', reason: 'Concedido por engano' });
      const back = await t.call('admin', 'POST', '/api/cms/points-extra/update-extract', {
        id: grant.id,
        active: true,
      });
      expect(back.json().msg).toBe('Uma concessão removida não volta: a campanha vale uma vez por pessoa.');
    });
  });

  describe('the participant side', () => {
    it('shows the campaign and lets the participant take it once through its QR code', async () => {
      const { id, qrCode } = await campaign('professional');
      const page = await t.call('professional', 'GET', `/api/professionals/points-extra/${id}`);
      expect(page.json()).toMatchObject({ points: 150.25, open: true, subscribed: false });
      const taken = await t.call('professional', 'POST', '/api/professionals/points-extra/subscribed', {
        id,
        code: qrCode,
      });
      expect(taken.json()).toEqual({ msg: 'Pontos extras creditados!', points: 150.25 });
      const again = await t.call('professional', 'POST', '/api/professionals/points-extra/subscribed', {
        id,
        code: qrCode,
      });
      expect([again.statusCode, again.json().msg]).toEqual([409, 'Você já participou desta campanha.']);
      const shopkeeper = await t.call('shopkeeper', 'GET', `/api/professionals/points-extra/${id}`);
      expect(shopkeeper.statusCode).toBe(404);
    });

    it("lists the audience's campaigns running now that the caller has not taken, never with their secret", async () => {
      const HOUR = 3_600_000;
      const soon = (hours: number) => ({ endsAt: new Date(Date.now() + hours * HOUR).toISOString() });
      const open = await campaign('professional', soon(2));
      const taken = await campaign('professional', soon(1));
      const off = await campaign('professional', soon(1));
      const later = await campaign('professional', {
        startsAt: new Date(Date.now() + DAY).toISOString(),
        endsAt: new Date(Date.now() + 2 * DAY).toISOString(),
      });
      const forStores = await campaign('shopkeeper', soon(1));
      await t.call('admin', 'POST', '/api/cms/points-extra/change-status', { id: off.id, active: false });
      await t.call('professional', 'POST', '/api/professionals/points-extra/subscribed', {
        id: taken.id,
        code: taken.qrCode,
      });
      const ids = (response: { json: () => { items: { id: string }[] } }) =>
        response.json().items.map((item) => item.id);

      const mine = await t.call('professional', 'GET', '/api/professionals/points-extra/open');
      expect(mine.statusCode).toBe(200);
      expect(mine.json().items[0]).toMatchObject({ id: open.id, name: open.name, points: 150.25 });
      expect(Object.keys(mine.json().items[0]).sort()).toEqual(['endsAt', 'id', 'name', 'points']);
      expect(ids(mine)).not.toContain(taken.id);
      expect(ids(mine)).not.toContain(off.id);
      expect(ids(mine)).not.toContain(later.id);
      expect(ids(mine)).not.toContain(forStores.id);
      expect(mine.json().items.length).toBeLessThanOrEqual(5);
      expect(mine.json().total).toBeGreaterThanOrEqual(mine.json().items.length);
      expect(mine.body).not.toContain(open.qrCode);
      expect(mine.body).not.toContain('qrCode');

      // Another professional has not taken it: it is still open for him, soonest end first.
      expect(ids(await t.call('other', 'GET', '/api/professionals/points-extra/open')).slice(0, 2)).toEqual([
        taken.id,
        open.id,
      ]);
      const store = await t.call('shopkeeper', 'GET', '/api/professionals/points-extra/open');
      expect(ids(store)).toContain(forStores.id);
      expect(ids(store)).not.toContain(open.id);
      expect((await t.call('admin', 'GET', '/api/professionals/points-extra/open')).statusCode).toBe(403);
      expect((await t.call(null, 'GET', '/api/professionals/points-extra/open')).statusCode).toBe(401);
    });

    it('refuses a campaign outside its period', async () => {
      const { id } = await campaign('professional', {
        startsAt: new Date(Date.now() + DAY).toISOString(),
        endsAt: new Date(Date.now() + 2 * DAY).toISOString(),
      });
      const { qrCode } = (await t.call('admin', 'GET', '/api/cms/points-extra/get-all?limit=100'))
        .json()
        .items.find((item: { id: string }) => item.id === id);
      const taken = await t.call('other', 'POST', '/api/professionals/points-extra/subscribed', { id, code: qrCode });
      expect([taken.statusCode, taken.json().msg]).toEqual([422, 'Esta campanha não está ativa no período de hoje.']);
    });

    it('takes nothing with the campaign id alone or with a wrong secret: the QR code carries the secret', async () => {
      const { id, qrCode } = await campaign('professional');
      expect(qrCode).toMatch(/^[A-Za-z0-9_-]{24,}$/);
      const before = await balanceOf(t.database.db, ana());
      const bare = await t.call('professional', 'POST', '/api/professionals/points-extra/subscribed', { id });
      expect(bare.statusCode).toBe(400);
      // One character changed, never to itself (a secret may end in "x").
      const wrong = await t.call('professional', 'POST', '/api/professionals/points-extra/subscribed', {
        id,
        code: `${qrCode.slice(0, -1)}${qrCode.endsWith('x') ? 'y' : 'x'}`,
      });
      expect([wrong.statusCode, wrong.json()]).toEqual([
        404,
        { msg: 'QR code inválido para esta campanha.', code: 'campaign-code' },
      ]);
      expect(await balanceOf(t.database.db, ana())).toBe(before);
      // Another campaign's secret does not open this one.
      const other = await campaign('professional');
      const crossed = await t.call('professional', 'POST', '/api/professionals/points-extra/subscribed', {
        id,
        code: other.qrCode,
      });
      expect(crossed.statusCode).toBe(404);
      expect(other.qrCode).not.toBe(qrCode);
    });
  });
});
