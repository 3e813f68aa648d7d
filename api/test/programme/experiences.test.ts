import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { experiences, levels } from '../../src/db/schema';
import { balanceOf, postEntries } from '../../src/modules/ledger/service';
import { localStorage } from '../../src/storage';
import { bearer } from '../support/app';
import { testDrivers } from '../support/database';
import { expectLedgerConsistent, PNG, type ProgrammeTest, startProgramme, tokenOf } from '../support/programme';

const DAY = 86_400_000;

describe.each(testDrivers)('experiences on %s', (driver) => {
  let t: ProgrammeTest;
  let forProfessionals: string;
  let forShopkeepers: string;
  beforeAll(async () => {
    t = await startProgramme(driver);
    const category = (name: string, type: string) =>
      t.call('admin', 'POST', '/api/cms/experiences-categories/create', { name, type });
    forProfessionals = (await category('Viagens', 'professional')).json().item.id;
    forShopkeepers = (await category('Treinamentos', 'shopkeeper')).json().item.id;
  }, 60_000);
  afterAll(() => t?.close());
  afterEach(() => {
    t.clock.now = null;
    return expectLedgerConsistent(t);
  });

  const create = (fields: Record<string, string>, image?: Buffer) =>
    t.upload('admin', '/api/cms/experiences/create', {
      fields: {
        categoryId: forProfessionals,
        name: 'Viagem técnica a Milão',
        happensAt: new Date(Date.now() + 10 * DAY).toISOString(),
        seats: '2',
        points: '100',
        attendancePoints: '25,5',
        ...fields,
      },
      ...(image ? { file: { name: 'foto.png', data: image } } : {}),
    });
  const subscribe = (caller: 'professional' | 'other' | 'shopkeeper' | 'consultant', experienceId: string) =>
    t.call(caller, 'POST', '/api/professionals/experiences/subscribe', { experienceId });

  describe('categories', () => {
    it('lists, renames and switches categories, and shows participants those of their kind', async () => {
      const renamed = await t.call('admin', 'POST', '/api/cms/experiences-categories/update', {
        id: forProfessionals,
        name: 'Viagens técnicas',
      });
      expect(renamed.json().item.name).toBe('Viagens técnicas');
      const duplicate = await t.call('admin', 'POST', '/api/cms/experiences-categories/create', {
        name: 'Viagens técnicas',
        type: 'professional',
      });
      expect(duplicate.statusCode).toBe(409);
      const bad = await t.call('admin', 'POST', '/api/cms/experiences-categories/create', { name: 'X', type: 'vip' });
      expect(bad.json().msg).toBe('Selecione profissionais ou lojistas.');
      const mine = await t.call('professional', 'GET', '/api/professionals/experiences/get-all-categories');
      expect(mine.json().items.map((item: { id: string }) => item.id)).toEqual([forProfessionals]);
      const list = await t.call('admin', 'GET', '/api/cms/experiences-categories/get-all?type=shopkeeper');
      expect(list.json().items[0]).toMatchObject({ id: forShopkeepers, experiences: 0 });
      const off = await t.call('admin', 'POST', '/api/cms/experiences-categories/change-status', {
        id: '00000000-0000-4000-8000-000000000000',
        active: false,
      });
      expect(off.statusCode).toBe(404);
    });
  });

  describe('POST /api/cms/experiences/create', () => {
    it('creates an experience with an image served to anyone, and a QR code path for the admin', async () => {
      const response = await create({}, PNG);
      expect(response.json()).toMatchObject({
        msg: 'Experiência cadastrada com sucesso!',
        item: { seats: 2, seatsLeft: 2, points: 100, attendancePoints: 25.5 },
      });
      const { image, qrCodePath, id } = response.json().item;
      expect(qrCodePath).toMatch(new RegExp(`^/experiences/qrcode/${id}/[A-Za-z0-9_-]+$`));
      const served = await t.app.inject({ method: 'GET', url: image });
      expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    });

    it.each([
      ['no name', { name: '' }, 400, 'Digite o nome da experiência.'],
      ['negative seats', { seats: '-1' }, 400, 'Digite quantas vagas a experiência tem (de 0 a 100.000).'],
      [
        'an unknown category',
        { categoryId: '00000000-0000-4000-8000-000000000000' },
        422,
        'Categoria de experiência não encontrada.',
      ],
    ])('refuses %s', async (_case, fields, status, msg) => {
      const response = await create(fields);
      expect([response.statusCode, response.json().msg]).toEqual([status, msg]);
    });

    it('refuses an image that is not one', async () => {
      const response = await create({}, Buffer.from('<svg onload=alert(1)>'));
      expect([response.statusCode, response.json().msg]).toEqual([
        422,
        'Envie uma imagem JPG, PNG ou WebP de até 5 MB.',
      ]);
    });
  });

  describe('subscriptions', () => {
    it('debits the cost, refuses a second subscription and a full experience, and refunds a cancellation', async () => {
      const { id } = (await create({ seats: '1' })).json().item;
      const ana = { kind: 'professional' as const, id: t.ids.ana };
      const before = await balanceOf(t.database.db, ana);
      const first = await subscribe('professional', id);
      expect(first.json()).toMatchObject({
        msg: 'Inscrição realizada com sucesso!',
        item: { subscribed: true, seatsLeft: 0 },
      });
      expect(await balanceOf(t.database.db, ana)).toBe(before - 100_00);
      expect((await subscribe('professional', id)).json().code).toBe('already-subscribed');
      const full = await subscribe('other', id);
      expect([full.statusCode, full.json().msg]).toEqual([409, 'Não há mais vagas nesta experiência.']);

      const cancelled = await t.call('professional', 'POST', '/api/professionals/experiences/cancel', {
        experienceId: id,
      });
      expect(cancelled.json()).toMatchObject({
        msg: 'Inscrição cancelada e pontos devolvidos.',
        item: { seatsLeft: 1 },
      });
      expect(await balanceOf(t.database.db, ana)).toBe(before);
      const subscribers = await t.call('admin', 'GET', `/api/cms/professionals/get-subscribers?experienceId=${id}`);
      expect(subscribers.json().items[0]).toMatchObject({ status: 'cancelled', participant: { id: t.ids.ana } });
    });

    it('checks the level and the balance', async () => {
      const [gold] = await t.database.db.select().from(levels).where(eq(levels.name, 'Ouro'));
      const golden = (await create({ minLevelId: gold?.id ?? '' })).json().item;
      const low = await subscribe('professional', golden.id);
      expect([low.statusCode, low.json().msg]).toEqual([422, 'Seu nível ainda não dá acesso a esta experiência.']);
      const list = await t.call('professional', 'GET', '/api/professionals/experiences/get-all?limit=50');
      expect(list.json().items.find((item: { id: string }) => item.id === golden.id)).toMatchObject({
        eligible: false,
      });

      const pricey = (await create({ points: '99999' })).json().item;
      const poor = await subscribe('other', pricey.id);
      expect([poor.statusCode, poor.json().code]).toEqual([422, 'insufficient-points']);
      const [row] = await t.database.db.select().from(experiences).where(eq(experiences.id, pricey.id));
      expect(row?.seatsTaken).toBe(0);
    });

    it('lists the experiences of one month in São Paulo, past the first page of the catalogue', async () => {
      // 2 January 2099 at 02:00 UTC is still 1 January in São Paulo; 1 February 03:00 UTC is February there.
      const january = (await create({ name: 'Virada em janeiro', happensAt: '2099-01-02T02:00:00.000Z' })).json().item;
      const stillDecember = (await create({ name: 'Ainda dezembro', happensAt: '2099-01-01T02:59:00.000Z' })).json()
        .item;
      const february = (await create({ name: 'Já fevereiro', happensAt: '2099-02-01T03:00:00.000Z' })).json().item;
      const names = async (query: string) =>
        (await t.call('professional', 'GET', `/api/professionals/experiences/get-all?${query}`))
          .json()
          .items.map((item: { id: string }) => item.id);
      // The catalogue's first page (soonest first) holds none of them: only the filter finds them.
      expect(await names('limit=1&sort=happensAt')).not.toContain(january.id);
      expect(await names('month=2099-01&limit=100')).toEqual([january.id]);
      expect(await names('month=2098-12&limit=100')).toEqual([stillDecember.id]);
      expect(await names('month=2099-02&limit=100')).toEqual([february.id]);
      expect(await names(`month=2099-01&categoryId=${forShopkeepers}`)).toEqual([]);
      const bad = await t.call('professional', 'GET', '/api/professionals/experiences/get-all?month=2099-13');
      expect([bad.statusCode, bad.json().msg]).toEqual([400, 'Informe o mês como AAAA-MM.']);
    });

    it('keeps experiences of the other kind, and consultants, out', async () => {
      const { id } = (await create({ categoryId: forShopkeepers, points: '0' })).json().item;
      expect((await subscribe('professional', id)).statusCode).toBe(404);
      expect((await t.call('professional', 'GET', `/api/professionals/experiences/get-one/${id}`)).statusCode).toBe(
        404,
      );
      expect((await subscribe('shopkeeper', id)).statusCode).toBe(200);
      expect((await subscribe('consultant', id)).json().code).toBe('consultant-no-experiences');
    });

    it('confirms attendance with the QR code on the day, once, with its extra points', async () => {
      const created = (await create({ happensAt: new Date(Date.now() + 2 * 3_600_000).toISOString() })).json().item;
      await subscribe('professional', created.id);
      const [, , , experienceId, code] = created.qrCodePath.split('/');
      const url = `/api/professionals/experiences/subscribe-qrcode/${experienceId}/${code}`;
      const wrong = await t.call(
        'professional',
        'POST',
        `/api/professionals/experiences/subscribe-qrcode/${experienceId}/errado123`,
        {},
      );
      expect(wrong.statusCode).toBe(404);
      const stranger = await t.call('other', 'POST', url, {});
      expect(stranger.json().code).toBe('not-subscribed');
      const attended = await t.call('professional', 'POST', url, { shopkeeper: false });
      expect(attended.json()).toEqual({ msg: 'Presença confirmada! Você ganhou pontos extras.', points: 25.5 });
      expect((await t.call('professional', 'POST', url, {})).statusCode).toBe(409);
      const late = await t.call('professional', 'POST', '/api/professionals/experiences/cancel', { experienceId });
      expect(late.statusCode).toBe(200);
    });

    it('refuses a past experience', async () => {
      const { id } = (await create({})).json().item;
      t.clock.now = new Date(Date.now() + 11 * DAY);
      const response = await subscribe('professional', id);
      expect([response.statusCode, response.json().msg]).toEqual([422, 'Esta experiência já aconteceu.']);
    });
  });

  describe("an admin's cancellations", () => {
    const subscriberOf = async (experienceId: string, who: string) => {
      const page = await t.call('admin', 'GET', `/api/cms/professionals/get-subscribers?experienceId=${experienceId}`);
      return page.json().items.find((item: { participant: { id: string } }) => item.participant.id === who);
    };
    const notices = async (who: string) => {
      const rows = await t.database.db.execute(
        sql`select message from notifications where recipient_id = ${who} and type = 'experience-cancelled'`,
      );
      return (rows as unknown as { rows: { message: string }[] }).rows.map((row) => row.message);
    };

    it('cancels one subscription with a refund, a freed seat, a notice and an audit record, once', async () => {
      const { id } = (await create({ seats: '1', name: 'Workshop cancelável' })).json().item;
      const ana = { kind: 'professional' as const, id: t.ids.ana };
      const before = await balanceOf(t.database.db, ana);
      await subscribe('professional', id);
      const subscription = await subscriberOf(id, t.ids.ana);
      const response = await t.call('admin', 'POST', '/api/cms/experiences/cancel-subscription', {
        id: subscription.id,
        reason: 'Pedido da participante',
      });
      expect(response.json()).toEqual({
        msg: 'Inscrição cancelada e pontos devolvidos ao participante.',
        cancelled: 1,
      });
      expect(await balanceOf(t.database.db, ana)).toBe(before);
      expect((await subscriberOf(id, t.ids.ana)).status).toBe('cancelled');
      expect(await notices(t.ids.ana)).toContainEqual(expect.stringContaining('Workshop cancelável foi cancelada'));
      // The seat is free again: someone else takes it.
      expect((await subscribe('other', id)).statusCode).toBe(200);
      const again = await t.call('admin', 'POST', '/api/cms/experiences/cancel-subscription', { id: subscription.id });
      expect([again.statusCode, again.json().msg]).toEqual([409, 'Esta inscrição já foi cancelada.']);
      const audits = await t.database.db.execute(
        sql`select after from audit_records where entity_id = ${subscription.id} and action = 'cancel-subscription'`,
      );
      expect((audits as unknown as { rows: { after: unknown }[] }).rows[0]?.after).toMatchObject({
        status: 'cancelled',
        refunded: 100_00,
        reason: 'Pedido da participante',
      });
      const participant = await t.call('professional', 'POST', '/api/cms/experiences/cancel-subscription', {
        id: subscription.id,
      });
      expect(participant.statusCode).toBe(403);
      const missing = await t.call('admin', 'POST', '/api/cms/experiences/cancel-subscription', {
        id: '00000000-0000-4000-8000-000000000000',
      });
      expect(missing.statusCode).toBe(404);
    });

    it('cancels an experience: switched off, every subscriber refunded and notified', async () => {
      const { id } = (await create({ seats: '5', name: 'Viagem cancelada' })).json().item;
      const ana = { kind: 'professional' as const, id: t.ids.ana };
      const eduardo = { kind: 'professional' as const, id: t.ids.eduardo };
      const before = [await balanceOf(t.database.db, ana), await balanceOf(t.database.db, eduardo)];
      await subscribe('professional', id);
      await subscribe('other', id);
      const response = await t.call('admin', 'POST', '/api/cms/experiences/cancel', { id });
      expect(response.json()).toEqual({
        msg: 'Experiência cancelada: 2 inscrições canceladas com os pontos devolvidos.',
        cancelled: 2,
      });
      expect([await balanceOf(t.database.db, ana), await balanceOf(t.database.db, eduardo)]).toEqual(before);
      for (const who of [t.ids.ana, t.ids.eduardo]) {
        expect(await notices(who)).toContainEqual(
          expect.stringContaining('A experiência Viagem cancelada foi cancelada'),
        );
      }
      const [row] = await t.database.db.select().from(experiences).where(eq(experiences.id, id));
      expect([row?.active, row?.seatsTaken]).toEqual([false, 0]);
      expect((await subscribe('professional', id)).statusCode).toBe(404);
      const twice = await t.call('admin', 'POST', '/api/cms/experiences/cancel', { id });
      expect(twice.json().cancelled).toBe(0);
    });
  });

  describe('switching an experience off', () => {
    const ana = () => ({ kind: 'professional' as const, id: t.ids.ana });

    it('refunds and notifies every subscriber of one still to come', async () => {
      const { id } = (await create({ seats: '5', name: 'Visita desligada' })).json().item;
      const before = await balanceOf(t.database.db, ana());
      await subscribe('professional', id);
      expect(await balanceOf(t.database.db, ana())).toBe(before - 100_00);
      const off = await t.call('admin', 'POST', '/api/cms/experiences/change-status', { id, active: false });
      expect(off.json().msg).toBe('Experiência desativada com sucesso!');
      expect(await balanceOf(t.database.db, ana())).toBe(before);
      const rows = await t.database.db.execute(
        sql`select message from notifications where recipient_id = ${t.ids.ana} and type = 'experience-cancelled'`,
      );
      expect((rows as unknown as { rows: { message: string }[] }).rows.map((row) => row.message)).toContainEqual(
        'A experiência Visita desligada foi desativada. Sua inscrição foi cancelada e os pontos foram devolvidos.',
      );
    });

    it('lets a subscriber still holding a seat of a switched-off experience cancel it with the refund', async () => {
      const { id } = (await create({ seats: '5', name: 'Desligada à parte' })).json().item;
      const before = await balanceOf(t.database.db, ana());
      await subscribe('professional', id);
      // Switched off without the admin's route (as before the refunds existed): the seat is still held.
      await t.database.db.update(experiences).set({ active: false }).where(eq(experiences.id, id));
      const cancelled = await t.call('professional', 'POST', '/api/professionals/experiences/cancel', {
        experienceId: id,
      });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().item).toMatchObject({ id, subscribed: false });
      expect(await balanceOf(t.database.db, ana())).toBe(before);
    });
  });

  describe('updates', () => {
    it('updates an experience but never below the seats already taken', async () => {
      const { id } = (await create({ seats: '3', points: '0' })).json().item;
      await subscribe('professional', id);
      await subscribe('other', id);
      const below = await t.call('admin', 'POST', `/api/cms/experiences/${id}/update`, { seats: 1 });
      expect([below.statusCode, below.json().code]).toEqual([422, 'seats-below-subscriptions']);
      const ok = await t.call('admin', 'POST', `/api/cms/experiences/${id}/update`, { seats: 2, name: 'Novo nome' });
      expect(ok.json().item).toMatchObject({ seats: 2, seatsLeft: 0, name: 'Novo nome' });
      const missing = await t.call(
        'admin',
        'POST',
        '/api/cms/experiences/00000000-0000-4000-8000-000000000000/update',
        {
          seats: 1,
        },
      );
      expect(missing.statusCode).toBe(404);
      const list = await t.call(
        'admin',
        'GET',
        `/api/cms/experiences/get-all?categoryId=${forProfessionals}&upcoming=true`,
      );
      expect(list.json().total).toBeGreaterThan(0);
      const categories = await t.call('admin', 'GET', '/api/cms/experiences-categories/get-all?type=professional');
      expect(categories.json().items[0].experiences).toBeGreaterThanOrEqual(list.json().total);
    });
  });

  describe('replacing the image', () => {
    const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const keyOf = async (id: string) =>
      (await t.database.db.select({ key: experiences.imageKey }).from(experiences).where(eq(experiences.id, id)))[0]
        ?.key;
    const storage = () => localStorage(path.join(t.config.dataDir, 'uploads'));

    it('saves the new image with the fields of the form and removes the old file', async () => {
      const { id } = (await create({}, PNG)).json().item;
      const oldKey = await keyOf(id);
      const response = await t.upload('admin', `/api/cms/experiences/${id}/update`, {
        fields: { name: 'Viagem com foto nova', description: '', minLevelId: 'null', seats: '4' },
        file: { name: 'nova.jpg', data: JPG },
      });
      expect(response.json()).toMatchObject({
        msg: 'Experiência atualizada com sucesso!',
        item: { name: 'Viagem com foto nova', description: '', minLevel: null, seats: 4 },
      });
      const newKey = await keyOf(id);
      expect(newKey).toMatch(/^experiences\/.+\.jpg$/);
      expect(newKey).not.toBe(oldKey);
      const served = await t.app.inject({ method: 'GET', url: response.json().item.image });
      expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
      expect(await storage().get(oldKey ?? '')).toBeNull();
    });

    it('keeps the image when the form brings none, and refuses a file that is not an image', async () => {
      const { id } = (await create({}, PNG)).json().item;
      const key = await keyOf(id);
      const fieldsOnly = await t.upload('admin', `/api/cms/experiences/${id}/update`, { fields: { place: 'Milão' } });
      expect(fieldsOnly.json().item).toMatchObject({ place: 'Milão' });
      expect(await keyOf(id)).toBe(key);
      const bad = await t.upload('admin', `/api/cms/experiences/${id}/update`, {
        fields: { name: 'Outro nome' },
        file: { name: 'foto.png', data: Buffer.from('<svg onload=alert(1)>') },
      });
      expect([bad.statusCode, bad.json().msg]).toEqual([422, 'Envie uma imagem JPG, PNG ou WebP de até 5 MB.']);
      expect(await keyOf(id)).toBe(key);
      expect(await storage().get(key ?? '')).not.toBeNull();
      const wrong = await t.upload('admin', `/api/cms/experiences/${id}/update`, { fields: { seats: 'muitas' } });
      expect([wrong.statusCode, wrong.json().msg]).toEqual([
        400,
        'Digite quantas vagas a experiência tem (de 0 a 100.000).',
      ]);
      const other = await t.upload('professional', `/api/cms/experiences/${id}/update`, {
        fields: { name: 'Invasão' },
        file: { name: 'nova.jpg', data: JPG },
      });
      expect(other.statusCode).toBe(403);
    });
  });

  it('fills exactly 10 seats when 100 participants subscribe at once', async () => {
    const { id } = (await create({ seats: '10', points: '50' })).json().item;
    const result = await t.database.db.execute(sql`
      insert into professionals (name, email, password_hash, status)
      select 'Fila ' || n, 'fila' || n || '@especifica.dev', '!', 'active' from generate_series(1, 100) n
      returning id`);
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    await postEntries(
      t.database.db,
      ids.map((participantId) => ({
        participant: { kind: 'professional' as const, id: participantId },
        amount: 100_00,
        kind: 'credit' as const,
        sourceType: 'test',
        sourceId: 'seed',
        issuer: 'system',
        reason: 'teste',
      })),
    );
    const answers = await Promise.all(
      ids.map((participantId) =>
        t.app.inject({
          method: 'POST',
          url: '/api/professionals/experiences/subscribe',
          headers: bearer(tokenOf(t, 'professional', participantId)),
          payload: { experienceId: id },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.json().code === 'sold-out')).toHaveLength(90);
    const [row] = await t.database.db.select().from(experiences).where(eq(experiences.id, id));
    expect(row?.seatsTaken).toBe(10);
  });
});
