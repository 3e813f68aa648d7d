import { type Column, ilike, or, type SQL } from 'drizzle-orm';

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Rows where any of `columns` contains `text`, or no condition for an empty search. */
export function searchAny(text: string | undefined, columns: (Column | SQL)[]): SQL | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  const pattern = containsPattern(trimmed);
  return or(...columns.map((column) => ilike(column, pattern)));
}
