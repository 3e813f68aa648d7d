let pointsFormat: Intl.NumberFormat | undefined;

/** Points in pt-BR with at most 2 decimals: 1234.5 -> "1.234,5". */
export function formatPoints(points: number): string {
  // Made on first use: a page that shows no number, the login form, makes no Intl object on its main thread. ICU's
  // pt-BR data is loaded by the page's worker (shell/src/intl-worker.ts); without it, this first one is a long task.
  pointsFormat ??= new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return pointsFormat.format(points);
}
