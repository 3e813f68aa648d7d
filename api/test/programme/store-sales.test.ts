import { tokenFor } from '../support/app';
import { testDrivers } from '../support/database';
import {
  expectLedgerConsistent,
  importFloorTile,
  type ProgrammeTest,
  registerSaleForAna,
  startProgramme,
} from '../support/programme';
import { otherStoreWith } from '../support/sign-ups';

interface Sale {
  id: string;
  professional: { id: string; name: string };
  shopkeeper: { id: string; name: string } | null;
  store: { id: string };
  points: number;
  sellerPoints?: number;
}

jest.setTimeout(15_000);

describe.each(testDrivers)("a seller's sales and a store's sales on %s", (driver) => {
  let t: ProgrammeTest;
  let manager = '';
  let seller = '';
  let otherSeller = '';
  let otherStoreId = '';
  beforeAll(async () => {
    t = await startProgramme(driver);
    manager = await tokenFor(t.app, 'shopkeeper', 'monica@especifica.dev');
    seller = await tokenFor(t.app, 'shopkeeper', 'sergio@especifica.dev');
    const other = await otherStoreWith(
      t,
      { cnpjBase: '667788990001', name: 'Loja de Outros Vendedores' },
      { name: 'Olga Vendedora', email: 'olga.vendedora@especifica.dev', type: 'seller' },
    );
    otherStoreId = other.storeId;
    otherSeller = other.token;
    await importFloorTile(t);
  }, 60_000);
  afterAll(() => t?.close());
  afterEach(() => expectLedgerConsistent(t));

  async function registerSale(token: string): Promise<string> {
    const response = await registerSaleForAna(t, token);
    expect(response.statusCode).toBe(200);
    return response.json().item.id;
  }
  const approve = async (id: string) => {
    const response = await t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', {
      id,
      status: 'approved',
    });
    expect(response.statusCode).toBe(200);
  };
  const salesOf = async (token: string, url: string): Promise<Sale[]> => {
    const response = await t.callWith(token, 'GET', `${url}?limit=100`);
    expect(response.statusCode).toBe(200);
    return response.json().items;
  };

  it("shows a seller each sale's professional and the points it gave the seller, only their own", async () => {
    const pending = await registerSale(seller);
    const approved = await registerSale(seller);
    const theirs = await registerSale(otherSeller);
    await approve(approved);
    await approve(theirs);
    const sales = await salesOf(seller, '/api/shopkeeper/invoices/get-all');
    const byId = new Map(sales.map((sale) => [sale.id, sale]));
    expect(byId.get(pending)?.professional.name).toBe('Ana Arquiteta');
    expect(byId.get(pending)?.sellerPoints).toBe(0);
    // The seller's share of the approved sale's base points (the programme's share, 10% in the demo).
    const sale = byId.get(approved);
    expect(sale?.sellerPoints).toBeGreaterThan(0);
    expect(sale?.sellerPoints).toBeLessThan(sale?.points ?? 0);
    expect(byId.has(theirs)).toBe(false);
    expect(sales.every((item) => item.shopkeeper?.id === t.ids.sergio)).toBe(true);
    // Another store's seller sees their own sale with their own share, never Sérgio's.
    const hers = await salesOf(otherSeller, '/api/shopkeeper/invoices/get-all');
    expect(hers.map((item) => item.id)).toEqual([theirs]);
    expect(hers[0]?.sellerPoints).toBeGreaterThan(0);
  });

  it("shows a store's manager every seller's sales of that store, and no other store's", async () => {
    const mine = await registerSale(seller);
    await approve(mine);
    const theirs = await registerSale(otherSeller);
    const sales = await salesOf(manager, '/api/shopkeeper/store-sales/get-all');
    const ids = sales.map((sale) => sale.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(sales.every((sale) => sale.store.id === t.ids.store && sale.shopkeeper !== null)).toBe(true);
    const sale = sales.find((item) => item.id === mine);
    expect(sale?.shopkeeper?.name).toBe('Sérgio Vendedor');
    expect(sale?.sellerPoints).toBeGreaterThan(0);
    // Asking for another store's id changes nothing: the manager's store is the session's.
    const asked = await t.callWith(manager, 'GET', `/api/shopkeeper/store-sales/get-all?storeId=${otherStoreId}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().items.map((item: Sale) => item.id)).not.toContain(theirs);
  });

  it("refuses the store's sales to a seller, a consultant and a professional", async () => {
    const asSeller = await t.callWith(seller, 'GET', '/api/shopkeeper/store-sales/get-all');
    expect(asSeller.statusCode).toBe(403);
    expect(asSeller.json().msg).toBe('Só o gerente da loja vê as vendas da loja.');
    expect((await t.call('consultant', 'GET', '/api/shopkeeper/store-sales/get-all')).statusCode).toBe(403);
    expect((await t.call('professional', 'GET', '/api/shopkeeper/store-sales/get-all')).statusCode).toBe(403);
    expect((await t.call(null, 'GET', '/api/shopkeeper/store-sales/get-all')).statusCode).toBe(401);
  });
});
