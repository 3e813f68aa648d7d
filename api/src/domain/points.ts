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
