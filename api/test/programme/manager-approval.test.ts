import { tokenFor } from '../support/app';
import { testDrivers } from '../support/database';
import { lastMailTo } from '../support/outbox';
import { importFloorTile, type ProgrammeTest, registerSaleForAna, startProgramme } from '../support/programme';
import { decisionAudit, decisionNotice, otherStoreWith, shopkeeperSignsUp, storeUserRow } from '../support/sign-ups';

const MANAGER = 'monica@especifica.dev';
// Each case signs a seller up, confirms and logs in: several argon2 hashes, slow on a busy machine.
jest.setTimeout(15_000);

describe.each(testDrivers)("a store's manager decides on the store's self sign-ups on %s", (driver) => {
  let t: ProgrammeTest;
  let manager = '';
  let otherManager = '';
  let otherStoreId = '';
  beforeAll(async () => {
    t = await startProgramme(driver);
    manager = await tokenFor(t.app, 'shopkeeper', MANAGER);
    const other = await otherStoreWith(
      t,
      { cnpjBase: '556677880001', name: 'Outra Loja Gerida' },
      { name: 'Otávio Gerente', email: 'otavio.gerente@especifica.dev', type: 'manager' },
    );
    otherStoreId = other.storeId;
    otherManager = other.token;
    await importFloorTile(t);
  }, 60_000);
  afterAll(() => t?.close());

  const sellerSignsUp = (storeId: string) => shopkeeperSignsUp(t, storeId, 'Vítor Vendedor');
  const decide = (token: string, id: string, approval: string) =>
    t.callWith(token, 'POST', '/api/shopkeeper/store-users/approve', { id, approval });

  const registerSale = (token: string) => registerSaleForAna(t, token);

  describe('GET /api/shopkeeper/store-users/pending', () => {
    it("lists only the pending sign-ups of the manager's own store", async () => {
      const mine = await sellerSignsUp(t.ids.store);
      const theirs = await sellerSignsUp(otherStoreId);
      const response = await t.callWith(manager, 'GET', '/api/shopkeeper/store-users/pending?limit=100');
      expect(response.statusCode).toBe(200);
      const ids = response.json().items.map((user: { id: string }) => user.id);
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(theirs.id);
      expect(ids).not.toContain(t.ids.sergio);
      expect(
        response.json().items.every((user: { approval: string; storeId: string }) => user.approval === 'pending'),
      ).toBe(true);
    });

    it('refuses sellers and consultants with a pt-BR reason', async () => {
      for (const caller of ['shopkeeper', 'consultant'] as const) {
        const response = await t.call(caller, 'GET', '/api/shopkeeper/store-users/pending');
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          msg: 'Só o gerente da loja pode aprovar ou recusar cadastros de lojistas.',
          code: 'managers-only',
        });
      }
    });
  });

  describe('GET /api/shopkeeper/store-users/team', () => {
    it("lists the approved people of the manager's own store with their type and points, to the manager only", async () => {
      const pending = await sellerSignsUp(t.ids.store);
      const response = await t.callWith(manager, 'GET', '/api/shopkeeper/store-users/team?limit=100&sort=name');
      expect(response.statusCode).toBe(200);
      const team = response.json().items as { id: string; name: string; shopkeeperType: string; points: number }[];
      expect(team.map((user) => user.name)).toEqual(expect.arrayContaining(['Sérgio Vendedor', 'Carla Consultora']));
      expect(team.find((user) => user.id === t.ids.sergio)).toMatchObject({ shopkeeperType: 'seller' });
      expect(team.every((user) => typeof user.points === 'number')).toBe(true);
      expect(team.map((user) => user.id)).not.toContain(pending.id);
      expect(team.map((user) => user.name)).not.toContain('Otávio Gerente');
      for (const caller of ['shopkeeper', 'consultant'] as const) {
        const refused = await t.call(caller, 'GET', '/api/shopkeeper/store-users/team');
        expect(refused.statusCode).toBe(403);
        expect(refused.json().msg).toBe('Só o gerente da loja vê a equipe da loja.');
      }
    });
  });

  describe('POST /api/shopkeeper/store-users/approve', () => {
    it('approves a seller of the own store: notified, e-mailed, audited under the manager, and the seller can sell', async () => {
      const seller = await sellerSignsUp(t.ids.store);
      expect((await registerSale(seller.token)).statusCode).toBe(403);

      const response = await decide(manager, seller.id, 'approved');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        msg: 'Cadastro aprovado com sucesso!',
        item: { id: seller.id, approval: 'approved', active: true },
      });
      expect(await decisionAudit(t, seller.id)).toMatchObject({
        actorKind: 'shopkeeper',
        actorName: 'Mônica Gerente',
        entity: 'store-user',
        before: { approval: 'pending' },
        after: { approval: 'approved' },
      });
      expect(await decisionNotice(t, seller.id)).toMatchObject({
        type: 'shopkeeper-approved',
        title: 'Cadastro aprovado',
      });
      const mail = await lastMailTo(t.app, seller.email);
      expect(mail.subject).toBe('Cadastro aprovado no Especifica');
      expect(mail.text).toContain('Casa & Acabamento Demo foi aprovado');

      const sale = await registerSale(seller.token);
      expect(sale.statusCode).toBe(200);
      const again = await decide(manager, seller.id, 'refused');
      expect([again.statusCode, again.json().code]).toEqual([409, 'approval-decided']);
    });

    it("refuses a seller of the own store: the account closes and the seller's session ends", async () => {
      const seller = await sellerSignsUp(t.ids.store);
      const response = await decide(manager, seller.id, 'refused');
      expect(response.json()).toMatchObject({
        msg: 'Cadastro recusado.',
        item: { approval: 'refused', active: false },
      });
      expect((await t.callWith(seller.token, 'GET', '/api/professionals/get-dashboard-data')).statusCode).toBe(401);
      expect((await lastMailTo(t.app, seller.email)).subject).toBe('Cadastro recusado no Especifica');
    });

    it('answers 403 in pt-BR to a manager of another store, and leaves the sign-up pending', async () => {
      const seller = await sellerSignsUp(t.ids.store);
      const response = await decide(otherManager, seller.id, 'approved');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        msg: 'Você só pode aprovar ou recusar cadastros da sua própria loja.',
        code: 'approval-other-store',
      });
      expect((await storeUserRow(t, seller)).approval).toBe('pending');
    });

    it('answers 403 to a seller and to a consultant of the same store', async () => {
      const seller = await sellerSignsUp(t.ids.store);
      for (const caller of ['shopkeeper', 'consultant'] as const) {
        const response = await t.call(caller, 'POST', '/api/shopkeeper/store-users/approve', {
          id: seller.id,
          approval: 'approved',
        });
        expect([caller, response.statusCode, response.json().code]).toEqual([caller, 403, 'managers-only']);
      }
      // Nor can the pending seller approve themself.
      expect((await decide(seller.token, seller.id, 'approved')).statusCode).toBe(403);
      expect((await storeUserRow(t, seller)).approval).toBe('pending');
    });

    it('answers 404 to an unknown id and 400 in pt-BR to a bad decision', async () => {
      expect((await decide(manager, '00000000-0000-4000-8000-000000000000', 'approved')).statusCode).toBe(404);
      const bad = await decide(manager, t.ids.sergio, 'talvez');
      expect([bad.statusCode, bad.json().msg]).toEqual([400, 'Escolha aprovar ou recusar.']);
    });
  });
});
