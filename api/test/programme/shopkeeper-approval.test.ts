import { testDrivers } from '../support/database';
import { lastMailTo } from '../support/outbox';
import { type ProgrammeTest, startProgramme } from '../support/programme';
import { decisionAudit, decisionNotice, shopkeeperLogin, shopkeeperSignsUp, storeUserRow } from '../support/sign-ups';

const PENDING =
  'Seu cadastro de lojista aguarda aprovação. Enquanto isso você pode entrar e ver seus dados, mas ainda não pode registrar vendas, enviar arquivos, convidar profissionais nem ver rankings.';

describe.each(testDrivers)('shopkeepers who sign up alone wait for approval on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
  }, 60_000);
  afterAll(() => t?.close());

  const signUp = () => shopkeeperSignsUp(t, t.ids.store);

  it('lets a pending shopkeeper log in and read their data, but not sell, upload, invite or read rankings', async () => {
    const me = await signUp();
    expect((await storeUserRow(t, me)).approval).toBe('pending');
    expect((await t.callWith(me.token, 'GET', '/api/professionals/get-dashboard-data')).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['GET', '/api/shopkeeper/seller-ranking', undefined],
      ['POST', '/api/shopkeeper/invites/invite', { form: { email: 'alguem@exemplo.dev' } }],
      ['POST', '/api/shopkeeper/invoices/create', { number: '1' }],
      ['POST', '/api/shopkeeper/invoices/read-nfe', {}],
      ['POST', '/api/professionals/set-profile-image', {}],
    ] as const) {
      const response = await t.callWith(me.token, method, url, payload);
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
    expect(await decisionAudit(t, me.id)).toMatchObject({ entity: 'store-user', before: { approval: 'pending' } });
    // The shopkeeper hears of it in the app and by e-mail, as after a manager's decision.
    expect(await decisionNotice(t, me.id)).toMatchObject({ recipientKind: 'shopkeeper', type: 'shopkeeper-approved' });
    expect((await lastMailTo(t.app, me.email)).subject).toBe('Cadastro aprovado no Especifica');
    expect((await t.callWith(me.token, 'GET', '/api/shopkeeper/seller-ranking')).statusCode).toBe(200);

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
    expect((await t.callWith(me.token, 'GET', '/api/professionals/get-dashboard-data')).statusCode).toBe(401);
    expect((await shopkeeperLogin(t, me)).statusCode).not.toBe(200);
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
