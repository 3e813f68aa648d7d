const pointsFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Points in pt-BR with at most 2 decimals: 1234.5 -> "1.234,5". */
export function formatPoints(points: number): string {
  return pointsFormat.format(points);
}
