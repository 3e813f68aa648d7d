import type { Regulation } from '@especifica/mf-shared/contracts';

/** The paragraphs of a regulation: the blocks between blank lines, trimmed. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A paragraph's number ("3." or "3)"), which identifies the clause across versions. */
const clause = (paragraph: string) => /^(\d+)[.)]/.exec(paragraph)?.[1] ?? null;

/**
 * What changed between two versions, paragraph by paragraph: numbered clauses are matched by their number (a
 * clause whose text differs is "changed"), other paragraphs by their text.
 */
export function regulationChanges(before: string, after: string): Regulation['changes'] {
  const old = paragraphs(before);
  const now = paragraphs(after);
  const oldByClause = new Map(old.flatMap((p) => (clause(p) ? [[clause(p), p] as const] : [])));
  const matched = new Set<string>();
  const changes: Regulation['changes'] = [];
  for (const paragraph of now) {
    const number = clause(paragraph);
    const counterpart = number ? oldByClause.get(number) : old.find((p) => p === paragraph);
    if (counterpart !== undefined) {
      matched.add(counterpart);
      if (counterpart !== paragraph) changes.push({ kind: 'changed', before: counterpart, after: paragraph });
    } else if (old.includes(paragraph)) matched.add(paragraph);
    else changes.push({ kind: 'added', before: null, after: paragraph });
  }
  for (const paragraph of old) {
    if (!matched.has(paragraph) && !now.includes(paragraph))
      changes.push({ kind: 'removed', before: paragraph, after: null });
  }
  return changes;
}
