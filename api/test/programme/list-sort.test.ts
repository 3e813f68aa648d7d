import { testDrivers } from '../support/database';
import { type Caller, type ProgrammeTest, startProgramme } from '../support/programme';

// Twelve products in three brands (6, 4 and 2 of them, so a sort by brand has ties) named out of SKU order.
const skus = Array.from({ length: 12 }, (_, i) => `ORD-${String(i + 1).padStart(2, '0')}`);
const brands = ['Deca', 'Eliane', 'Portobello'];
const catalogue = [
  'SKU;Nome;Marca;Categoria;Ativo',
  ...skus.map(
    (sku, i) => `${sku};Produto ordem ${String.fromCharCode(108 - i)};${brands[i < 6 ? 0 : i < 10 ? 1 : 2]};Ordem;sim`,
  ),
].join('\n');

describe.each(testDrivers)('list sort on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
    const task = await t.importFile('admin', '/api/products/import', { file: { name: 'ordem.csv', data: catalogue } });
    expect(task.counts).toMatchObject({ created: 12 });
  }, 60_000);
  afterAll(() => t?.close());

  type Item = Record<string, unknown> & { id: string };
  const get = async (caller: Caller, url: string) => {
    const response = await t.call(caller, 'GET', url);
    expect(response.statusCode).toBe(200);
    return response.json() as { items: Item[]; total: number; page: number; limit: number };
  };
  /** Every page of a list, `limit` rows at a time. */
  const allPages = async (caller: Caller, url: string, limit: number) => {
    const items: Item[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await get(caller, `${url}&limit=${limit}&page=${page}`);
      items.push(...answer.items);
      if (answer.items.length < limit) return { items, total: answer.total };
    }
  };
  const products = '/api/products/get-all?category=Ordem';

  it.each([
    ['/api/products/get-all', 'price'],
    ['/api/products/get-all', '--name'],
    ['/api/cms/stores/get-all', 'email'],
    ['/api/cms/professionals/invoices/get-all', 'customer'],
    ['/api/cms/users/get-all', 'password'],
    ['/api/cms/professionals/pce/get-all', 'issuer'],
    ['/api/cms/audit/get-all', '-before'],
  ])('%s refuses sort=%s with a 400 in Portuguese', async (url, sort) => {
    const response = await t.call('admin', 'GET', `${url}?sort=${encodeURIComponent(sort)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ msg: 'Ordenação inválida.', code: 'validation' });
  });

  it('refuses a field that another list sorts by but this one does not', async () => {
    const response = await t.call(
      'professional',
      'GET',
      '/api/professionals/notifications/get-all-notifications?sort=name',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('Ordenação inválida.');
  });

  it('sorts by the field asked, and -field gives exactly the reverse order', async () => {
    const byName = (await get('admin', `${products}&sort=name&limit=100`)).items;
    const names = byName.map((item) => item.name as string);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('Produto ordem a');
    const reversed = (await get('admin', `${products}&sort=-name&limit=100`)).items;
    expect(reversed.map((item) => item.id)).toEqual(byName.map((item) => item.id).reverse());

    const bySku = (await get('admin', `${products}&sort=-sku&limit=100`)).items.map((item) => item.sku);
    expect(bySku).toEqual([...skus].reverse());
  });

  it('keeps the list order when no sort is asked (products by name)', async () => {
    const plain = (await get('admin', `${products}&limit=100`)).items.map((item) => item.id);
    const byName = (await get('admin', `${products}&sort=name&limit=100`)).items.map((item) => item.id);
    expect(plain).toEqual(byName);
  });

  it('pages through ties without losing or repeating a row, both ways', async () => {
    const forward = await allPages('admin', `${products}&sort=brand`, 5);
    expect(forward.total).toBe(12);
    expect(new Set(forward.items.map((item) => item.id)).size).toBe(12);
    const seen = forward.items.map((item) => item.brand as string);
    expect(seen).toEqual([...seen].sort());
    const backward = await allPages('admin', `${products}&sort=-brand`, 5);
    expect(backward.items.map((item) => item.id)).toEqual(forward.items.map((item) => item.id).reverse());
  });

  it('sorts grouped lists by their count (brands by products)', async () => {
    const brandsList = await get('admin', '/api/products/get-all-brands?search=e&sort=-products&limit=100');
    const counts = brandsList.items.map((item) => item.products as number);
    expect(counts).toEqual([6, 4, 2]);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const ascending = await get('admin', '/api/products/get-all-brands?search=e&sort=products&limit=100');
    expect(ascending.items.map((item) => item.name)).toEqual(brandsList.items.map((item) => item.name).reverse());
  });

  it('sorts lists whose field is a computed value (store users by points)', async () => {
    const users = await get('admin', '/api/cms/stores/get-all-stores-users?sort=-points&limit=100');
    const points = users.items.map((item) => item.points as number);
    expect(points.length).toBeGreaterThan(1);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    const ascending = await get('admin', '/api/cms/stores/get-all-stores-users?sort=points&limit=100');
    expect(ascending.items.map((item) => item.id)).toEqual(users.items.map((item) => item.id).reverse());
  });

  it('sorts a participant list (the extract by points) and the programme-wide one by name', async () => {
    const extract = await get('professional', '/api/professionals/extract/get-all?sort=points&limit=100');
    const amounts = extract.items.map((item) => item.points as number);
    expect(amounts.length).toBeGreaterThan(1);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    const pce = await allPages('admin', '/api/cms/professionals/pce/get-all?sort=-name', 2);
    const whose = pce.items.map((item) => (item.participant as { name: string }).name);
    expect(pce.items.length).toBe(pce.total);
    expect(new Set(pce.items.map((item) => item.id)).size).toBe(pce.total);
    expect(whose).toEqual([...whose].sort().reverse());
  });

  it('keeps the search and the filters under a sort', async () => {
    const answer = await get('admin', `${products}&search=ORD-0&brand=Eliane&sort=-name&limit=100`);
    expect(answer.total).toBe(3);
    expect(answer.items.map((item) => item.sku)).toEqual(['ORD-07', 'ORD-08', 'ORD-09']);
  });
});
