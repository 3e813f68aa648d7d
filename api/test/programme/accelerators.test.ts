import { testDrivers } from '../support/database';
import { type ProgrammeTest, startProgramme } from '../support/programme';

const DAY = 86_400_000;

describe.each(testDrivers)('accelerators on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
  }, 60_000);
  afterAll(() => t?.close());

  const period = (fromDays: number, toDays: number) => ({
    startsAt: new Date(Date.now() + fromDays * DAY).toISOString(),
    endsAt: new Date(Date.now() + toDays * DAY).toISOString(),
  });
  const create = (body: Record<string, unknown>) => t.call('admin', 'POST', '/api/cms/accelerators/create', body);

  describe('POST /api/cms/accelerators/create', () => {
    it('creates an accelerator on a store, naming the store', async () => {
      const response = await create({
        name: 'Loja Demo x1,5',
        multiplier: 1.5,
        targetType: 'store',
        targetValue: t.ids.store,
        ...period(-1, 10),
      });
      expect(response.json()).toMatchObject({
        msg: 'Acelerador cadastrado com sucesso!',
        item: { multiplier: 1.5, targetLabel: 'Casa & Acabamento Demo', active: true },
      });
    });

    it.each([
      ['a multiplier of 1', { multiplier: 1 }, 'O multiplicador vai de 1,01 a 100, com até duas casas decimais.'],
      ['an end before the start', period(5, 1), 'A data final precisa ser depois da inicial.'],
      [
        'an unknown target kind',
        { targetType: 'cidade' },
        'Selecione a que o acelerador se aplica: produto, marca, categoria ou loja.',
      ],
      ['a date without offset', { startsAt: '2026-01-01T00:00:00' }, 'Digite uma data válida.'],
    ])('refuses %s with 400', async (_case, change, msg) => {
      const body = { name: 'X', multiplier: 2, targetType: 'brand', targetValue: 'Deca', ...period(0, 1), ...change };
      const response = await create(body);
      expect([response.statusCode, response.json().msg]).toEqual([400, msg]);
    });

    it('answers 422 to a product that does not exist', async () => {
      const response = await create({
        name: 'X',
        multiplier: 2,
        targetType: 'product',
        targetValue: 'nada',
        ...period(0, 1),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('accelerator-target-not-found');
    });
  });

  describe('get-all, get-one and update', () => {
    it('lists, reads one, updates (404 for an unknown one) and filters the current ones', async () => {
      const created = (
        await create({ name: 'Futuro', multiplier: 3, targetType: 'category', targetValue: 'Pisos', ...period(10, 20) })
      ).json().item;
      const one = await t.call('admin', 'GET', `/api/cms/accelerators/get-one?id=${created.id}`);
      expect(one.json()).toMatchObject({ name: 'Futuro', multiplier: 3 });
      const updated = await t.call('admin', 'POST', '/api/cms/accelerators/update', {
        id: created.id,
        multiplier: 2.25,
      });
      expect(updated.json()).toMatchObject({ msg: 'Acelerador atualizado com sucesso!', item: { multiplier: 2.25 } });
      const backwards = await t.call('admin', 'POST', '/api/cms/accelerators/update', {
        id: created.id,
        endsAt: new Date(Date.now()).toISOString(),
      });
      expect(backwards.json().msg).toBe('A data final precisa ser depois da inicial.');
      const current = await t.call('admin', 'GET', '/api/cms/accelerators/get-all?current=true');
      expect(current.json().items.map((item: { name: string }) => item.name)).not.toContain('Futuro');
      const all = await t.call('admin', 'GET', '/api/cms/accelerators/get-all?search=futuro');
      expect(all.json().total).toBe(1);
      const missing = await t.call(
        'admin',
        'GET',
        '/api/cms/accelerators/get-one?id=00000000-0000-4000-8000-000000000000',
      );
      expect(missing.json()).toEqual({ msg: 'Acelerador não encontrado.', code: 'not-found' });
    });
  });

  describe('the CMS list by where the period stands', () => {
    it('lists the running, the upcoming and the past accelerators apart', async () => {
      const make = async (name: string, from: number, to: number) =>
        (await create({ name, multiplier: 2, targetType: 'brand', targetValue: 'Deca', ...period(from, to) })).json()
          .item.id as string;
      const running = await make('Quando agora', -1, 1);
      const upcoming = await make('Quando depois', 2, 3);
      const past = await make('Quando antes', -3, -2);
      const names = async (when: string) =>
        (await t.call('admin', 'GET', `/api/cms/accelerators/get-all?when=${when}&search=quando&limit=100`))
          .json()
          .items.map((item: { id: string }) => item.id);
      expect(await names('current')).toEqual([running]);
      expect(await names('upcoming')).toEqual([upcoming]);
      expect(await names('past')).toEqual([past]);
      const wrong = await t.call('admin', 'GET', '/api/cms/accelerators/get-all?when=ontem');
      expect([wrong.statusCode, wrong.json().msg]).toEqual([400, 'Escolha em andamento, futuros ou encerrados.']);
    });
  });

  describe('GET /api/professionals/dashboard/get-all-accelerators', () => {
    it('shows participants the active accelerators that are not over', async () => {
      const old = await create({
        name: 'Passado',
        multiplier: 2,
        targetType: 'brand',
        targetValue: 'X',
        ...period(-10, -5),
      });
      expect(old.statusCode).toBe(200);
      const response = await t.call('shopkeeper', 'GET', '/api/professionals/dashboard/get-all-accelerators?limit=50');
      const names = response.json().items.map((item: { name: string }) => item.name);
      expect(names).toContain('Loja Demo x1,5');
      expect(names).not.toContain('Passado');
    });
  });
});
