// What an approved invoice earns (domain: points). All amounts are hundredths: reais in cents, points in centipoints.

export interface InvoiceLine {
  sku: string;
  /** Cents. */
  total: number;
  /** The catalogue's product with this SKU; null when the SKU is not in it. */
  product: { id: string; brand: string; category: string; active: boolean } | null;
}

export interface AcceleratorRule {
  id: string;
  name: string;
  /** Hundredths: 150 is x1,5. */
  multiplier: number;
  targetType: 'product' | 'brand' | 'category' | 'store';
  targetValue: string;
  startsAt: Date;
  endsAt: Date;
  active: boolean;
}

export interface PointsRules {
  /** Hundredths of a point per R$ 1,00. */
  pointsPerReal: number;
  /** Basis points of the base points that the shopkeeper who registered the sale earns. */
  shopkeeperShareBp: number;
}

export interface InvoicePoints {
  base: number;
  /** One entry per accelerator that won at least one line. */
  bonuses: { acceleratorId: string; name: string; multiplier: number; amount: number }[];
  shopkeeperShare: number;
  lines: { sku: string; base: number; bonus: number; acceleratorId: string | null }[];
}

const same = (a: string, b: string) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }) === 0;

function matches(rule: AcceleratorRule, line: InvoiceLine, storeId: string, on: Date): boolean {
  if (!rule.active || on < rule.startsAt || on >= rule.endsAt) return false;
  const product = line.product;
  switch (rule.targetType) {
    case 'store':
      return rule.targetValue === storeId;
    case 'product':
      return product?.id === rule.targetValue;
    case 'brand':
      return product ? same(product.brand, rule.targetValue) : false;
    case 'category':
      return product ? same(product.category, rule.targetValue) : false;
  }
}

/**
 * Base points for the participating products (active in the catalogue), the accelerator bonus of each line (the
 * highest multiplier among those that match it on the invoice's date; fractions of a hundredth are dropped), and
 * the shopkeeper's share of the base.
 */
export function invoicePoints(
  input: { lines: readonly InvoiceLine[]; storeId: string; issuedAt: Date; accelerators: readonly AcceleratorRule[] },
  rules: PointsRules,
): InvoicePoints {
  const bonuses = new Map<string, InvoicePoints['bonuses'][number]>();
  const lines = input.lines.map((line) => {
    if (!line.product?.active) return { sku: line.sku, base: 0, bonus: 0, acceleratorId: null };
    const base = Math.floor((line.total * rules.pointsPerReal) / 100);
    let best: AcceleratorRule | null = null;
    for (const rule of input.accelerators) {
      if (!matches(rule, line, input.storeId, input.issuedAt)) continue;
      if (!best || rule.multiplier > best.multiplier || (rule.multiplier === best.multiplier && rule.id < best.id)) {
        best = rule;
      }
    }
    const bonus = best ? Math.floor((base * (best.multiplier - 100)) / 100) : 0;
    if (best && bonus > 0) {
      const sum = bonuses.get(best.id) ?? {
        acceleratorId: best.id,
        name: best.name,
        multiplier: best.multiplier,
        amount: 0,
      };
      sum.amount += bonus;
      bonuses.set(best.id, sum);
    }
    return { sku: line.sku, base, bonus, acceleratorId: best?.id ?? null };
  });
  const base = lines.reduce((sum, line) => sum + line.base, 0);
  return {
    base,
    bonuses: [...bonuses.values()],
    shopkeeperShare: Math.floor((base * rules.shopkeeperShareBp) / 10_000),
    lines,
  };
}
