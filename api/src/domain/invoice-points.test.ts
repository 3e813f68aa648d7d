import { type AcceleratorRule, type InvoiceLine, invoicePoints } from './invoice-points';

const STORE = 'store-1';
const on = new Date('2026-03-10T12:00:00Z');
const rules = { pointsPerReal: 100, shopkeeperShareBp: 1000 };

const product = (id: string, brand = 'Portinari', category = 'Pisos', active = true) => ({
  id,
  brand,
  category,
  active,
});
const line = (sku: string, total: number, p: InvoiceLine['product']): InvoiceLine => ({ sku, total, product: p });
const accelerator = (
  id: string,
  multiplier: number,
  targetType: AcceleratorRule['targetType'],
  targetValue: string,
  extra: Partial<AcceleratorRule> = {},
): AcceleratorRule => ({
  id,
  name: `Acelerador ${id}`,
  multiplier,
  targetType,
  targetValue,
  startsAt: new Date('2026-03-01T00:00:00Z'),
  endsAt: new Date('2026-04-01T00:00:00Z'),
  active: true,
  ...extra,
});

describe('invoicePoints', () => {
  it.each([
    ['one point for each real of participating products', [line('A', 1234_56, product('a'))], 1234_56],
    ['a product not in the catalogue earns nothing', [line('X', 500_00, null)], 0],
    ['an inactive product earns nothing', [line('A', 500_00, product('a', 'B', 'C', false))], 0],
    ['lines add up', [line('A', 100_00, product('a')), line('B', 50_50, product('b'))], 150_50],
  ])('%s', (_rule, lines, base) => {
    expect(invoicePoints({ lines, storeId: STORE, issuedAt: on, accelerators: [] }, rules).base).toBe(base);
  });

  it('follows the programme rate (2 points per real) and drops fractions of a hundredth', () => {
    const lines = [line('A', 10_01, product('a'))];
    const result = invoicePoints(
      { lines, storeId: STORE, issuedAt: on, accelerators: [] },
      { ...rules, pointsPerReal: 150 },
    );
    expect(result.base).toBe(15_01);
  });

  it('an accelerator adds its bonus as a separate amount: x2 on 100 points is a bonus of 100', () => {
    const lines = [line('A', 100_00, product('a'))];
    const result = invoicePoints(
      { lines, storeId: STORE, issuedAt: on, accelerators: [accelerator('1', 200, 'brand', 'portinari')] },
      rules,
    );
    expect(result.base).toBe(100_00);
    expect(result.bonuses).toEqual([{ acceleratorId: '1', name: 'Acelerador 1', multiplier: 200, amount: 100_00 }]);
  });

  it('when several accelerators match one line, the highest multiplier wins', () => {
    const lines = [line('A', 100_00, product('a'))];
    const accelerators = [
      accelerator('store', 150, 'store', STORE),
      accelerator('category', 300, 'category', 'Pisos'),
      accelerator('product', 120, 'product', 'a'),
    ];
    const result = invoicePoints({ lines, storeId: STORE, issuedAt: on, accelerators }, rules);
    expect(result.lines[0]).toMatchObject({ bonus: 200_00, acceleratorId: 'category' });
    expect(result.bonuses.map((bonus) => bonus.acceleratorId)).toEqual(['category']);
  });

  it.each([
    ['before its period', { startsAt: new Date('2026-03-11T00:00:00Z') }],
    ['after its period', { endsAt: new Date('2026-03-10T12:00:00Z') }],
    ['inactive', { active: false }],
  ])('an accelerator %s gives nothing', (_case, extra) => {
    const lines = [line('A', 100_00, product('a'))];
    const accelerators = [accelerator('1', 200, 'product', 'a', extra)];
    expect(invoicePoints({ lines, storeId: STORE, issuedAt: on, accelerators }, rules).bonuses).toEqual([]);
  });

  it('an accelerator never multiplies a product that earns no base points', () => {
    const lines = [line('X', 100_00, null)];
    const accelerators = [accelerator('1', 500, 'store', STORE)];
    expect(invoicePoints({ lines, storeId: STORE, issuedAt: on, accelerators }, rules).bonuses).toEqual([]);
  });

  it("the shopkeeper's share is a part of the base points only", () => {
    const lines = [line('A', 333_33, product('a'))];
    const accelerators = [accelerator('1', 200, 'product', 'a')];
    expect(invoicePoints({ lines, storeId: STORE, issuedAt: on, accelerators }, rules).shopkeeperShare).toBe(33_33);
  });
});
