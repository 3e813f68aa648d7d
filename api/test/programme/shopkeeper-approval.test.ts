import { and, eq } from 'drizzle-orm';
import { auditRecords, notifications, storeUsers } from '../../src/db/schema';
import { testDrivers } from '../support/database';
import { lastMailTo } from '../support/outbox';
import { type ProgrammeTest, shopkeeperSignsUp, startProgramme } from '../support/programme';

const PENDING =
  'Seu cadastro de lojista aguarda aprovação. Enquanto isso você pode entrar e ver seus dados, mas ainda não pode registrar vendas, enviar arquivos, convidar profissionais nem ver rankings.';

describe.each(testDrivers)('shopkeepers who sign up alone wait for approval on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
  }, 60_000);
  afterAll(() => t?.close());

  const signUp = () => shopkeeperSignsUp(t, t.ids.store);
  const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.callWith(token, method, url, payload);

  it('lets a pending shopkeeper log in and read their data, but not sell, upload, invite or read rankings', async () => {
    const me = await signUp();
    const [row] = await t.database.db.select().from(storeUsers).where(eq(storeUsers.id, me.id));
    expect(row?.approval).toBe('pending');
    expect((await as(me.token, 'GET', '/api/professionals/get-dashboard-data')).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['GET', '/api/shopkeeper/seller-ranking', undefined],
      ['POST', '/api/shopkeeper/invites/invite', { form: { email: 'alguem@exemplo.dev' } }],
      ['POST', '/api/shopkeeper/invoices/create', { number: '1' }],
      ['POST', '/api/shopkeeper/invoices/read-nfe', {}],
      ['POST', '/api/professionals/set-profile-image', {}],
    ] as const) {
      const response = await as(me.token, method, url, payload);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 403,
        body: { msg: PENDING, code: 'shopkeeper-pending' },
      });
    }
  });

  it('lists the pending ones for the admin, who approves one (audited) and then it may act', async () => {
    const me = await signUp();
    const pending = await t.call('admin', 'GET', '/api/cms/stores/get-all-stores-users?approval=pending&limit=100');
    expect(pending.json().items.map((user: { id: string }) => user.id)).toContain(me.id);
    expect(pending.json().items.every((user: { approval: string }) => user.approval === 'pending')).toBe(true);
    const demo = await t.call('admin', 'GET', '/api/cms/stores/get-all-stores-users?search=sergio');
    expect(demo.json().items[0].approval).toBe('approved');

    const approved = await t.call('admin', 'POST', '/api/cms/stores/approve-store-user', {
      id: me.id,
      approval: 'approved',
    });
    expect(approved.json()).toMatchObject({ msg: 'Cadastro aprovado com sucesso!', item: { approval: 'approved' } });
    const [record] = await t.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityId, me.id), eq(auditRecords.action, 'approve')));
    expect(record).toMatchObject({ entity: 'store-user', before: { approval: 'pending' } });
    // The shopkeeper hears of it in the app and by e-mail, as after a manager's decision.
    const [notice] = await t.database.db.select().from(notifications).where(eq(notifications.recipientId, me.id));
    expect(notice).toMatchObject({ recipientKind: 'shopkeeper', type: 'shopkeeper-approved' });
    expect((await lastMailTo(t.app, me.email)).subject).toBe('Cadastro aprovado no Especifica');
    expect((await as(me.token, 'GET', '/api/shopkeeper/seller-ranking')).statusCode).toBe(200);

    const again = await t.call('admin', 'POST', '/api/cms/stores/approve-store-user', {
      id: me.id,
      approval: 'refused',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: 'Este cadastro já foi analisado.', code: 'approval-decided' });
  });

  it('refuses one: the account is closed and its session ends', async () => {
    const me = await signUp();
    const refused = await t.call('admin', 'POST', '/api/cms/stores/approve-store-user', {
      id: me.id,
      approval: 'refused',
    });
    expect(refused.json()).toMatchObject({ msg: 'Cadastro recusado.', item: { approval: 'refused', active: false } });
    expect((await as(me.token, 'GET', '/api/professionals/get-dashboard-data')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/shopkeeper-login',
      payload: { email: me.email, password: me.password },
    });
    expect(login.statusCode).not.toBe(200);
  });

  it('keeps the decision for admins: a shopkeeper cannot call it, and a bad decision is refused in pt-BR', async () => {
    const me = await signUp();
    const bySeller = await t.call('shopkeeper', 'POST', '/api/cms/stores/approve-store-user', {
      id: me.id,
      approval: 'approved',
    });
    expect(bySeller.statusCode).toBe(403);
    const bad = await t.call('admin', 'POST', '/api/cms/stores/approve-store-user', { id: me.id, approval: 'talvez' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Escolha aprovar ou recusar.');
  });
});
