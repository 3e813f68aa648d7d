import { bearer } from '../support/app';
import { testDrivers } from '../support/database';
import { cpfFrom, type ProgrammeTest, startProgramme, tokenOf } from '../support/programme';

const PASSWORD = 'Senha-forte-2026';

describe.each(testDrivers)('people an admin manages on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
  }, 60_000);
  afterAll(() => t?.close());

  const dashboardAs = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/professionals/get-dashboard-data', headers: bearer(token) });

  describe('CMS users', () => {
    it('creates, lists, updates and deactivates an admin, ending their sessions', async () => {
      const created = await t.call('admin', 'POST', '/api/cms/users/create', {
        name: 'Bruna Gestora',
        email: 'Bruna@Especifica.dev',
        password: PASSWORD,
      });
      expect(created.json()).toMatchObject({
        msg: 'Usuário cadastrado com sucesso!',
        item: { email: 'bruna@especifica.dev' },
      });
      const id = created.json().item.id;
      const again = await t.call('admin', 'POST', '/api/cms/users/create', {
        name: 'Outra',
        email: 'bruna@especifica.dev',
        password: PASSWORD,
      });
      expect([again.statusCode, again.json().msg]).toEqual([409, 'Este e-mail já é usado por outra conta.']);
      const short = await t.call('admin', 'POST', '/api/cms/users/create', {
        name: 'X',
        email: 'x@y.dev',
        password: '123',
      });
      expect(short.json().msg).toBe('A senha precisa ter de 8 a 128 caracteres.');

      const list = await t.call('admin', 'GET', '/api/cms/users/get-all?search=bruna');
      expect(list.json().total).toBe(1);
      const updated = await t.call('admin', 'POST', '/api/cms/users/update', { id, name: 'Bruna G.' });
      expect(updated.json()).toMatchObject({ msg: 'Usuário atualizado com sucesso!', item: { name: 'Bruna G.' } });

      const token = tokenOf(t, 'admin', id);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/cms/users/get-all', headers: bearer(token) })).statusCode,
      ).toBe(200);
      const off = await t.call('admin', 'POST', '/api/cms/users/change-status', { id, active: false });
      expect(off.json()).toEqual({ msg: 'Usuário desativado com sucesso!' });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/cms/users/get-all', headers: bearer(token) })).statusCode,
      ).toBe(401);
    });

    it('does not let an admin deactivate themselves, and answers 404 for an unknown one', async () => {
      const me = (await t.call('admin', 'GET', '/api/cms/users/get-all?search=admin@')).json().items[0];
      const self = await t.call('admin', 'POST', '/api/cms/users/change-status', { id: me.id, active: false });
      expect([self.statusCode, self.json().msg]).toEqual([422, 'Você não pode desativar a sua própria conta.']);
      const missing = await t.call('admin', 'POST', '/api/cms/users/update', {
        id: '00000000-0000-4000-8000-000000000000',
        name: 'X',
      });
      expect(missing.json()).toEqual({ msg: 'Usuário não encontrado.', code: 'not-found' });
    });
  });

  describe('professionals', () => {
    it('lists professionals with their level and points', async () => {
      const response = await t.call('admin', 'GET', '/api/cms/professionals/get-all?search=ana@');
      expect(response.json().items[0]).toMatchObject({
        name: 'Ana Arquiteta',
        behaviour: 'active',
        totalPoints: 8250.5,
        level: { level: 'Prata', points: 8250.5 },
      });
      expect((await t.call('admin', 'GET', '/api/cms/professionals/get-all?behaviour=sumido')).statusCode).toBe(400);
    });

    it('creates an active professional and edits them by form or by JSON', async () => {
      const created = await t.call('admin', 'POST', '/api/cms/professionals/create', {
        name: 'Paula Paisagista',
        email: 'paisagista.nova@especifica.dev',
        password: PASSWORD,
      });
      expect(created.json().item).toMatchObject({ status: 'active', totalPoints: 0 });
      const id = created.json().item.id;
      const byForm = await t.upload('admin', '/api/cms/professionals/update', {
        fields: { id, profession: 'Paisagista', cpf: cpfFrom('246813579') },
      });
      expect(byForm.json()).toMatchObject({
        msg: 'Profissional atualizado com sucesso!',
        item: { profession: 'Paisagista', cpf: cpfFrom('246813579') },
      });
      const byJson = await t.call('admin', 'POST', '/api/cms/professionals/update', {
        id,
        cellphone: '(21) 99876-5432',
      });
      expect(byJson.json().item.cellphone).toBe('21998765432');
      const badCpf = await t.call('admin', 'POST', '/api/cms/professionals/update', { id, cpf: '000' });
      expect([badCpf.statusCode, badCpf.json().msg]).toEqual([400, 'Digite um CPF válido.']);
      const missing = await t.call('admin', 'POST', '/api/cms/professionals/update', {
        id: '00000000-0000-4000-8000-000000000000',
        name: 'X',
      });
      expect(missing.statusCode).toBe(404);
    });

    it('blocks a professional, ending their session at once', async () => {
      const token = tokenOf(t, 'professional', t.ids.eduardo);
      expect((await dashboardAs(token)).statusCode).toBe(200);
      const blocked = await t.call('admin', 'POST', '/api/cms/professionals/change-status', {
        id: t.ids.eduardo,
        behaviour: 'blocked',
      });
      expect(blocked.json()).toEqual({ msg: 'Profissional bloqueado com sucesso!' });
      expect((await dashboardAs(token)).statusCode).toBe(401);
      const bad = await t.call('admin', 'POST', '/api/cms/professionals/change-status', {
        id: t.ids.eduardo,
        behaviour: 'x',
      });
      expect(bad.json().msg).toBe('Selecione ativo, inativo ou bloqueado.');
      await t.call('admin', 'POST', '/api/cms/professionals/change-status', { id: t.ids.eduardo, behaviour: 'active' });
    });
  });

  describe('consultants', () => {
    it('creates, lists and updates consultants of a store', async () => {
      const created = await t.call('admin', 'POST', '/api/users/consultants', {
        storeId: t.ids.store,
        name: 'Cláudio Consultor',
        email: 'claudio@especifica.dev',
        password: PASSWORD,
      });
      expect(created.json()).toMatchObject({
        msg: 'Consultor criado com sucesso!',
        item: { store: { id: t.ids.store }, active: true },
      });
      const list = await t.call('admin', 'GET', `/api/users/consultants?storeId=${t.ids.store}`);
      expect(list.json().items.map((item: { name: string }) => item.name)).toEqual(
        expect.arrayContaining(['Cláudio Consultor', 'Carla Consultora']),
      );
      const updated = await t.call('admin', 'PUT', '/api/users/consultants', {
        id: created.json().item.id,
        active: false,
      });
      expect(updated.json()).toMatchObject({ msg: 'Consultor atualizado com sucesso!', item: { active: false } });
      const seller = await t.call('admin', 'PUT', '/api/users/consultants', { id: t.ids.sergio, name: 'X' });
      expect(seller.json()).toEqual({ msg: 'Consultor não encontrado.', code: 'not-found' });
      const noStore = await t.call('admin', 'POST', '/api/users/consultants', {
        storeId: '00000000-0000-4000-8000-000000000000',
        name: 'X',
        email: 'x@especifica.dev',
        password: PASSWORD,
      });
      expect(noStore.statusCode).toBe(404);
    });
  });
});
