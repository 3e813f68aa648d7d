/** Hundredths (how points and money are kept) to the number with at most 2 decimals that the JSON carries. */
export function fromHundredths(hundredths: number | bigint | string): number {
  const value = Number(hundredths);
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of hundredths: ${hundredths}`);
  return value / 100;
}

/** A decimal with at most 2 places to hundredths; the rounding removes the binary error of `x * 100`. */
export function toHundredths(value: number): number {
  const hundredths = Math.round(value * 100);
  if (Math.abs(hundredths / 100 - value) > 1e-9) throw new RangeError(`More than 2 decimals: ${value}`);
  return hundredths;
}

const ptBR = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Hundredths as a person reads them in a message: 1.234,5. */
export function formatPoints(hundredths: number): string {
  return ptBR.format(hundredths / 100);
}

/**
 * The singular for exactly one, the plural for any other amount, as the screens' plurals do (1 ponto, 1,5 pontos,
 * 0 pontos): the one rule every message that agrees with an amount follows. `hundredths` for points; a whole count
 * (participants) with `whole`.
 */
export function byCount<T>(value: number, one: T, other: T, whole = false): T {
  return Math.abs(whole ? value : value / 100) === 1 ? one : other;
}

/** A count with its noun as a sentence says it: "1 ponto", "1,5 pontos", "0 pontos" (see byCount). */
export function countPhrase(value: number, [one, other]: [string, string], whole = false): string {
  return `${whole ? ptBR.format(value) : formatPoints(value)} ${byCount(value, one, other, whole)}`;
}

/** Points in hundredths with their noun: "1 ponto", "250 pontos". */
export const pointsPhrase = (hundredths: number) => countPhrase(hundredths, ['ponto', 'pontos']);
