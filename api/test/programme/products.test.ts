import { testDrivers } from '../support/database';
import { type ProgrammeTest, startProgramme } from '../support/programme';

const catalogue = [
  'SKU;Nome;Marca;Categoria;Ativo',
  'PISO-01;Porcelanato Areia 60x60;Portinari;Pisos;sim',
  'PISO-02;Porcelanato Grafite 90x90;Portinari;Pisos;sim',
  'MET-01;Misturador Monocomando;Deca;Metais;não',
].join('\n');

describe.each(testDrivers)('products on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
    const task = await t.importFile('admin', '/api/products/import', {
      file: { name: 'produtos.csv', data: catalogue },
    });
    expect(task).toMatchObject({ state: 'done', counts: { created: 3, updated: 0 } });
  }, 60_000);
  afterAll(() => t?.close());

  const idOf = async (sku: string) =>
    (await t.call('admin', 'GET', `/api/products/get-all?search=${sku}`)).json().items[0].id as string;

  describe('POST /api/products/import', () => {
    it('updates by SKU (case-insensitive), keeping what an empty cell leaves out', async () => {
      const csv = 'sku,nome,marca\npiso-01,Porcelanato Areia 60x60 Retificado,\n';
      const task = await t.importFile('admin', '/api/products/import', { file: { name: 'p.csv', data: csv } });
      expect(task.counts).toMatchObject({ created: 0, updated: 1 });
      const [product] = (await t.call('admin', 'GET', '/api/products/get-all?search=PISO-01')).json().items;
      expect(product).toMatchObject({ name: 'Porcelanato Areia 60x60 Retificado', brand: 'Portinari' });
    });

    it('lists a bad flag as a bad row', async () => {
      const csv = 'sku;nome;ativo\nX-1;Produto;talvez\n';
      const task = await t.importFile('admin', '/api/products/import', { file: { name: 'p.csv', data: csv } });
      expect(task.state).toBe('failed');
      expect(task.counts?.errors).toEqual([{ line: 2, reason: 'Situação inválida: talvez (use sim ou não).' }]);
    });

    it('takes skip-bad-rows from a form field sent before the file', async () => {
      const csv = 'sku;nome\n;Sem código\nOK-1;Com código\n';
      const task = await t.importFile('admin', '/api/products/import', {
        fields: { skipBadRows: 'true' },
        file: { name: 'p.csv', data: csv },
      });
      expect(task.counts).toMatchObject({
        created: 1,
        skipped: 1,
        errors: [{ line: 2, reason: 'SKU em branco.' }],
      });
    });
  });

  describe('GET /api/products/get-all', () => {
    it('shows admins every product and participants only the active ones', async () => {
      const admin = await t.call('admin', 'GET', '/api/products/get-all?brand=Deca');
      expect(admin.json().total).toBe(1);
      const professional = await t.call('professional', 'GET', '/api/products/get-all?brand=Deca');
      expect(professional.json().total).toBe(0);
      const shopkeeper = await t.call('shopkeeper', 'GET', '/api/products/get-all?category=Pisos&limit=1');
      expect(shopkeeper.json()).toMatchObject({ total: 2, limit: 1, page: 1 });
    });

    it("finds a product by its name, its brand or its SKU, case-insensitive: the invoice form's picker", async () => {
      const found = async (role: 'admin' | 'professional' | 'shopkeeper', search: string) =>
        (await t.call(role, 'GET', `/api/products/get-all?search=${encodeURIComponent(search)}&sort=name`))
          .json()
          .items.map((product: { sku: string }) => product.sku);
      expect(await found('professional', 'portinari')).toEqual(['PISO-01', 'PISO-02']);
      expect(await found('shopkeeper', 'grafite')).toEqual(['PISO-02']);
      expect(await found('professional', 'piso-01')).toEqual(['PISO-01']);
      // An inactive product is found by the admin alone, by its brand too: it does not take part.
      expect(await found('professional', 'deca')).toEqual([]);
      expect(await found('admin', 'deca')).toEqual(['MET-01']);
    });

    it('refuses a limit that is not a number', async () => {
      expect((await t.call('admin', 'GET', '/api/products/get-all?limit=muitos')).statusCode).toBe(400);
    });
  });

  describe('brands and categories', () => {
    it('lists brands and categories with their product counts', async () => {
      const brands = await t.call('admin', 'GET', '/api/products/get-all-brands');
      expect(brands.json().items).toEqual(
        expect.arrayContaining([
          { name: 'Deca', products: 1 },
          { name: 'Portinari', products: 2 },
        ]),
      );
      const categories = await t.call('professional', 'GET', '/api/products/get-all-categories');
      expect(categories.json().items).toEqual([{ name: 'Pisos', products: 2 }]);
    });
  });

  describe('POST /api/products/change-status', () => {
    it('deactivates a product and answers 404 for an unknown one', async () => {
      const id = await idOf('PISO-02');
      const response = await t.call('admin', 'POST', '/api/products/change-status', { id, active: false });
      expect(response.json()).toEqual({ msg: 'Produto desativado com sucesso!' });
      const missing = await t.call('admin', 'POST', '/api/products/change-status', {
        id: '00000000-0000-4000-8000-000000000000',
        active: false,
      });
      expect(missing.json()).toEqual({ msg: 'Produto não encontrado.', code: 'not-found' });
      const invalid = await t.call('admin', 'POST', '/api/products/change-status', { id, active: 'não' });
      expect(invalid.json().msg).toBe('Informe se o registro fica ativo ou inativo.');
    });
  });
});
