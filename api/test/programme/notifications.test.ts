import { eq } from 'drizzle-orm';
import { notifications, storeUsers } from '../../src/db/schema';
import { notify } from '../../src/kernel/notifications';
import { testDrivers } from '../support/database';
import { type ProgrammeTest, startProgramme } from '../support/programme';

describe.each(testDrivers)('notifications on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
    await t.database.db.delete(notifications);
    const note = (n: number) => ({ type: 'test', title: `Aviso ${n}`, message: `Mensagem ${n}` });
    for (const n of [1, 2, 3]) await notify(t.database.db, [{ kind: 'professional', id: t.ids.ana }], note(n));
    await notify(t.database.db, [{ kind: 'professional', id: t.ids.eduardo }], note(9));
    // Inserts a millisecond apart can share a timestamp (the tie then falls to the random id): one minute apart per
    // notice, so "newest first" has one answer.
    for (const n of [1, 2, 3])
      await t.database.db
        .update(notifications)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 12, n)) })
        .where(eq(notifications.title, `Aviso ${n}`));
  }, 60_000);
  afterAll(() => t?.close());

  const list = (query = '') =>
    t.call('professional', 'GET', `/api/professionals/notifications/get-all-notifications${query}`);

  describe('GET /api/professionals/notifications/get-all-notifications', () => {
    it('pages through my notifications, newest first, with the unread count', async () => {
      const response = await list('?limit=2&page=1');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ total: 3, unread: 3, page: 1, limit: 2 });
      expect(body.items.map((item: { title: string }) => item.title)).toEqual(['Aviso 3', 'Aviso 2']);
      expect((await list('?limit=2&page=2')).json().items).toHaveLength(1);
    });

    it('refuses a page size over 100', async () => {
      const response = await list('?limit=101');
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation');
    });
  });

  describe('POST /api/professionals/notifications/read-notification', () => {
    it('marks one as read, answers 404 for somebody else’s, and then marks all', async () => {
      const [first] = (await list()).json().items;
      const one = await t.call('professional', 'POST', '/api/professionals/notifications/read-notification', {
        id: first.id,
      });
      expect(one.json()).toEqual({ msg: 'Notificação marcada como lida.' });
      expect((await list('?unread=true')).json()).toMatchObject({ total: 2, unread: 2 });

      const eduardos = (await t.call('other', 'GET', '/api/professionals/notifications/get-all-notifications')).json()
        .items[0];
      const stolen = await t.call('professional', 'POST', '/api/professionals/notifications/read-notification', {
        id: eduardos.id,
      });
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json()).toEqual({ msg: 'Notificação não encontrada.', code: 'not-found' });

      const all = await t.call('professional', 'POST', '/api/professionals/notifications/read-notification', {
        all: true,
      });
      expect(all.json().msg).toBe('Todas as notificações foram marcadas como lidas.');
      expect((await list()).json().unread).toBe(0);
    });

    it('refuses an id that is no id', async () => {
      const response = await t.call('professional', 'POST', '/api/professionals/notifications/read-notification', {
        id: '12',
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('POST /api/cms/notifications/send', () => {
    it('notifies a whole group in one statement and audits it', async () => {
      const response = await t.call('admin', 'POST', '/api/cms/notifications/send', {
        group: 'shopkeepers',
        title: 'Campanha de inverno',
        message: 'Pontos em dobro em julho.',
      });
      const shopkeepers = await t.database.db.$count(storeUsers, eq(storeUsers.active, true));
      expect(response.json()).toEqual({ msg: 'Notificação enviada com sucesso!', sent: shopkeepers });
      const sergio = await t.call('shopkeeper', 'GET', '/api/professionals/notifications/get-all-notifications');
      expect(sergio.json().items[0]).toMatchObject({ title: 'Campanha de inverno', read: false });
    });

    const send = (body: Record<string, unknown>) =>
      t.call('admin', 'POST', '/api/cms/notifications/send', {
        title: 'Aviso dirigido',
        message: 'Só para vocês.',
        ...body,
      });
    const received = async (caller: 'professional' | 'other' | 'shopkeeper' | 'consultant', title: string) =>
      (await t.call(caller, 'GET', '/api/professionals/notifications/get-all-notifications?limit=50'))
        .json()
        .items.some((item: { title: string }) => item.title === title);

    it('notifies the participants at a level of the cycle: Ana (Prata), not Eduardo nor Sérgio (Bronze)', async () => {
      const levels = (await t.call('admin', 'GET', '/api/cms/config/get-levels')).json().items;
      const prata = levels.find((level: { name: string }) => level.name === 'Prata');
      const response = await send({ group: 'level', levelId: prata.id, title: 'Nível Prata' });
      expect(response.statusCode).toBe(200);
      expect(response.json().sent).toBeGreaterThanOrEqual(1);
      expect(await received('professional', 'Nível Prata')).toBe(true);
      expect(await received('other', 'Nível Prata')).toBe(false);
      expect(await received('shopkeeper', 'Nível Prata')).toBe(false);
    });

    it("notifies a store's users and no professional", async () => {
      const response = await send({ group: 'store', storeId: t.ids.store, title: 'Aviso da loja' });
      const team = await t.database.db.$count(storeUsers, eq(storeUsers.storeId, t.ids.store));
      expect(response.json()).toEqual({ msg: 'Notificação enviada com sucesso!', sent: team });
      expect(await received('shopkeeper', 'Aviso da loja')).toBe(true);
      expect(await received('professional', 'Aviso da loja')).toBe(false);
    });

    it('notifies chosen people by e-mail and names the e-mails that match nobody', async () => {
      const response = await send({
        group: 'people',
        emails: ['ANA@especifica.dev', 'ninguem@especifica.dev'],
        title: 'Aviso pessoal',
      });
      expect(response.json()).toEqual({
        msg: 'Notificação enviada com sucesso!',
        sent: 1,
        missing: ['ninguem@especifica.dev'],
      });
      expect(await received('professional', 'Aviso pessoal')).toBe(true);
      expect(await received('other', 'Aviso pessoal')).toBe(false);
    });

    it('refuses, in pt-BR, a level or store not chosen, and an audience of nobody', async () => {
      const noLevel = await send({ group: 'level' });
      expect([noLevel.statusCode, noLevel.json().msg]).toEqual([400, 'Selecione o nível.']);
      const noStore = await send({ group: 'store' });
      expect([noStore.statusCode, noStore.json().msg]).toEqual([400, 'Selecione a loja.']);
      const nobody = await send({ group: 'people', emails: ['ninguem@especifica.dev'] });
      expect([nobody.statusCode, nobody.json().msg]).toEqual([
        422,
        'Nenhum participante ativo corresponde a este público.',
      ]);
      const badEmail = await send({ group: 'people', emails: ['não é e-mail'] });
      expect([badEmail.statusCode, badEmail.json().msg]).toEqual([
        400,
        'Informe de 1 a 500 e-mails válidos, um por linha.',
      ]);
    });

    it('refuses an unknown group', async () => {
      const response = await t.call('admin', 'POST', '/api/cms/notifications/send', {
        group: 'todos',
        title: 'x',
        message: 'y',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe('Selecione para quem vai a notificação.');
    });
  });

  describe('GET /api/cms/notifications/get-all-notifications', () => {
    it("lists the admin's own notifications", async () => {
      const response = await t.call('admin', 'GET', '/api/cms/notifications/get-all-notifications');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ total: 0, items: [] });
    });
  });
});
