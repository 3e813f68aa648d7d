import { addMonths, expiringBy, expiryPicture, type LedgerKind, type Movement } from './expiry';

let sequence = 0;
const at = (iso: string, amount: number, kind: LedgerKind, source = `s${++sequence}`): Movement => ({
  id: `e${++sequence}`,
  amount,
  kind,
  sourceType: 'test',
  sourceId: source,
  createdAt: new Date(iso),
});

describe('addMonths', () => {
  it.each([
    ['24 months later is the same day two years on', '2024-03-15T10:00:00Z', 24, '2026-03-15T10:00:00.000Z'],
    ['a day the month lacks becomes its last day', '2024-01-31T00:00:00Z', 1, '2024-02-29T00:00:00.000Z'],
    ['29 February lands on 28 February in a common year', '2024-02-29T12:00:00Z', 12, '2025-02-28T12:00:00.000Z'],
  ])('%s', (_rule, from, months, to) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(to);
  });
});

describe('expiryPicture', () => {
  const now = new Date('2026-06-01T00:00:00Z');

  it('points expire 24 months after they were credited', () => {
    const old = at('2024-05-31T00:00:00Z', 100_00, 'credit');
    const fresh = at('2024-06-02T00:00:00Z', 50_00, 'credit');
    const picture = expiryPicture([old, fresh], now, 24);
    expect(picture.due).toEqual([{ lotId: old.id, amount: 100_00 }]);
    expect(picture.open.map((lot) => lot.remaining)).toEqual([50_00]);
  });

  it('redemptions consume the oldest points first, so less of the old lot expires', () => {
    const old = at('2024-05-01T00:00:00Z', 100_00, 'credit');
    const fresh = at('2025-01-01T00:00:00Z', 100_00, 'credit');
    const spent = at('2025-02-01T00:00:00Z', -70_00, 'redemption');
    const picture = expiryPicture([old, fresh, spent], now, 24);
    expect(picture.due).toEqual([{ lotId: old.id, amount: 30_00 }]);
    expect(picture.open[0]?.remaining).toBe(100_00);
  });

  it('a lot that an expiry entry already wrote off is not due again (the job can run twice)', () => {
    const old = at('2024-05-01T00:00:00Z', 100_00, 'credit');
    const written = { ...at('2026-05-02T00:00:00Z', -100_00, 'expiry'), sourceId: old.id };
    expect(expiryPicture([old, written], now, 24).due).toEqual([]);
  });

  it('points past their date cannot be spent even before the job writes them off', () => {
    const old = at('2024-01-01T00:00:00Z', 100_00, 'credit');
    const fresh = at('2026-01-01T00:00:00Z', 100_00, 'credit');
    const spent = at('2026-03-01T00:00:00Z', -40_00, 'redemption');
    const picture = expiryPicture([old, fresh, spent], now, 24);
    expect(picture.due).toEqual([{ lotId: old.id, amount: 100_00 }]);
    expect(picture.open[0]?.remaining).toBe(60_00);
  });

  it('a reversal takes back the points of the entry that it reverses, not the oldest', () => {
    const old = at('2024-07-01T00:00:00Z', 100_00, 'credit');
    const invoice = at('2025-01-01T00:00:00Z', 80_00, 'credit', 'invoice-9');
    const cancelled = at('2025-02-01T00:00:00Z', -80_00, 'reversal', 'invoice-9');
    const picture = expiryPicture([old, invoice, cancelled], now, 24);
    expect(picture.open.map((lot) => [lot.id, lot.remaining])).toEqual([[old.id, 100_00]]);
  });

  it('a debit larger than the points left becomes a debt that the next credit pays first', () => {
    const credit = at('2026-01-01T00:00:00Z', 50_00, 'credit', 'invoice-1');
    const spent = at('2026-01-02T00:00:00Z', -50_00, 'redemption');
    const cancelled = at('2026-01-03T00:00:00Z', -50_00, 'reversal', 'invoice-1');
    const next = at('2026-02-01T00:00:00Z', 80_00, 'credit');
    const picture = expiryPicture([credit, spent, cancelled, next], now, 24);
    expect(picture.debt).toBe(0);
    expect(picture.open.map((lot) => lot.remaining)).toEqual([30_00]);
  });

  it('the extract shows what expires in the next 90 days', () => {
    const soon = at('2024-07-15T00:00:00Z', 20_00, 'credit');
    const later = at('2024-10-01T00:00:00Z', 30_00, 'credit');
    const { open } = expiryPicture([soon, later], now, 24);
    expect(expiringBy(open, new Date(now.getTime() + 90 * 86_400_000))).toBe(20_00);
  });
});
