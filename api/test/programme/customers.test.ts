import { testDrivers } from '../support/database';
import { cpfFrom, type ProgrammeTest, startProgramme, submitInvoice } from '../support/programme';

describe.each(testDrivers)('customers on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
  }, 60_000);
  afterAll(() => t?.close());
  afterEach(() => {
    t.clock.now = null;
  });

  const create = (caller: 'professional' | 'other', cpf: string, name = 'Cliente') =>
    t.call(caller, 'POST', '/api/professionals/customers/create', { data: { name, cpf, phone: '(11) 98765-4321' } });

  describe('POST /api/professionals/customers/create', () => {
    it('registers a customer for 180 days', async () => {
      const response = await create('professional', cpfFrom('135792468'));
      expect(response.json()).toMatchObject({
        msg: 'Cliente cadastrado com sucesso!',
        item: { active: true, expired: false, data: { cpf: cpfFrom('135792468'), phone: '11987654321' } },
      });
      const days = (new Date(response.json().item.validUntil).getTime() - Date.now()) / 86_400_000;
      expect(Math.round(days)).toBe(180);
    });

    it('refuses a CPF that another professional holds, and one already mine', async () => {
      await create('professional', cpfFrom('234567891'));
      const taken = await create('other', cpfFrom('234567891'));
      expect([taken.statusCode, taken.json().msg]).toEqual([
        409,
        'Este cliente já está cadastrado por outro profissional.',
      ]);
      const twice = await create('professional', cpfFrom('234567891'));
      expect(twice.json().code).toBe('customer-exists');
    });

    it('refuses an invalid CPF', async () => {
      const response = await create('professional', '111.111.111-11');
      expect([response.statusCode, response.json().msg]).toEqual([400, 'Digite um CPF válido.']);
    });
  });

  describe('update, renew and the list', () => {
    it('updates and renews my customer; somebody else’s answers 404', async () => {
      const id = (await create('professional', cpfFrom('345678912'))).json().item.id;
      const updated = await t.call('professional', 'POST', '/api/professionals/customers/update', {
        id,
        data: { name: 'Novo Nome' },
      });
      expect(updated.json().item.data.name).toBe('Novo Nome');

      t.clock.now = new Date(Date.now() + 200 * 86_400_000);
      const expired = await t.call('professional', 'GET', '/api/professionals/customers/get-all?expired=true');
      expect(expired.json().items.map((item: { id: string }) => item.id)).toContain(id);
      const renewed = await t.call('professional', 'PUT', '/api/professionals/customers/renew', { id });
      expect(renewed.json()).toMatchObject({ msg: 'Cliente renovado com sucesso!', item: { expired: false } });

      const stolen = await t.call('other', 'PUT', '/api/professionals/customers/renew', { id });
      expect(stolen.json()).toEqual({ msg: 'Cliente não encontrado.', code: 'not-found' });
      const stolenUpdate = await t.call('other', 'POST', '/api/professionals/customers/update', {
        id,
        data: { name: 'X' },
      });
      expect(stolenUpdate.statusCode).toBe(404);
      const others = await t.call('other', 'GET', '/api/professionals/customers/get-all');
      expect(others.json().items.map((item: { id: string }) => item.id)).not.toContain(id);
    });

    it('lets another professional register a customer whose window has passed', async () => {
      await create('professional', cpfFrom('456789123'));
      t.clock.now = new Date(Date.now() + 181 * 86_400_000);
      expect((await create('other', cpfFrom('456789123'))).statusCode).toBe(200);
    });
  });

  describe('the attribution window', () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000);
    const lines = [{ sku: 'X-1', description: 'Revestimento', quantity: 1, total: 100 }];
    const saleOn = (cpf: string, n: number) =>
      submitInvoice(t, 'shopkeeper', { customerCpf: cpf, issuedOn: day(n).toISOString().slice(0, 10), lines });

    it('renewed after it lapsed, starts again at the renewal: a purchase in the gap is not attributed', async () => {
      const cpf = cpfFrom('321654987');
      const id = (await create('professional', cpf)).json().item.id;
      t.clock.now = day(200);
      expect((await t.call('professional', 'PUT', '/api/professionals/customers/renew', { id })).statusCode).toBe(200);
      t.clock.now = day(210);
      // Inside the first window, and inside the renewed one: the professional's.
      for (const n of [100, 205]) {
        expect((await saleOn(cpf, n)).json().item).toMatchObject({
          professional: { id: t.ids.ana },
          customer: { cpf },
        });
      }
      // Between the first window's end (day 180) and the renewal (day 200): nobody's.
      const gap = await saleOn(cpf, 190);
      expect(gap.json()).toMatchObject({ code: 'invoice-professional-required' });
    });

    it('renewed while open, runs on without a gap', async () => {
      const cpf = cpfFrom('987321654');
      const id = (await create('professional', cpf)).json().item.id;
      t.clock.now = day(100);
      await t.call('professional', 'PUT', '/api/professionals/customers/renew', { id });
      t.clock.now = day(250);
      for (const n of [10, 170, 245]) {
        expect((await saleOn(cpf, n)).json().item).toMatchObject({ professional: { id: t.ids.ana } });
      }
    });
  });

  describe('admin', () => {
    it('lists every customer by professional and deactivates one (404 for an unknown id)', async () => {
      const list = await t.call('admin', 'GET', `/api/cms/professionals/get-all-customers?professionalId=${t.ids.ana}`);
      expect(list.json().total).toBeGreaterThanOrEqual(3);
      const id = list.json().items[0].id;
      const off = await t.call('admin', 'POST', '/api/cms/professionals/change-customer-status', { id, active: false });
      expect(off.json()).toEqual({ msg: 'Cliente desativado com sucesso!' });
      const renew = await t.call('professional', 'PUT', '/api/professionals/customers/renew', { id });
      expect(renew.statusCode).toBe(422);
      const missing = await t.call('admin', 'POST', '/api/cms/professionals/change-customer-status', {
        id: '00000000-0000-4000-8000-000000000000',
        active: true,
      });
      expect(missing.statusCode).toBe(404);
    });
  });
});
