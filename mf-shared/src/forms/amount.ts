import { formatPoints } from '../format';

const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A pt-BR amount as typed (`1.234,56`, `R$ 10`, `0,5`) to its number; null when empty, NaN when it is no amount.
 * Decimals beyond the second are kept, so the contracts' two-decimals check can say so.
 */
export function parseAmount(text: string): number | null {
  const typed = text.replace(/R\$/g, '').replace(/\s/g, '');
  if (typed === '') return null;
  if (!/^\d{1,3}(\.\d{3})*(,\d+)?$|^\d+(,\d+)?$/.test(typed)) return Number.NaN;
  return Number(typed.replace(/\./g, '').replace(',', '.'));
}

/** Reais with 2 decimals (`1.234,50`), points with up to 2 (`1.234,5`), both in pt-BR. */
export function formatAmount(value: number, kind: 'money' | 'points'): string {
  return kind === 'money' ? money.format(value) : formatPoints(value);
}
