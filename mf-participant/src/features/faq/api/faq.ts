import { api, type Result } from '@especifica/mf-shared';
import type { Faq } from '@especifica/mf-shared/contracts';

export const faqKey = ['faq'] as const;

export const getFaq = (): Promise<Result<Faq>> => api.get('/professionals/faq/get-all');

/** Lower case without accents, so that "comissao" finds "Comissão". */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The parts of `text` that match `query` (accents and case ignored), as [start, end) ranges of the original text.
 * Folding keeps one character per character of the text here: every accented letter folds to one letter.
 */
export function matches(text: string, query: string): [number, number][] {
  const needle = fold(query.trim());
  if (!needle) return [];
  // Fold character by character so that indexes stay those of the original text.
  const folded = Array.from(text, (char) => fold(char) || char).join('');
  if (folded.length !== text.length) return [];
  const ranges: [number, number][] = [];
  let from = folded.indexOf(needle);
  while (from !== -1) {
    ranges.push([from, from + needle.length]);
    from = folded.indexOf(needle, from + needle.length);
  }
  return ranges;
}

/** The topics with only the questions whose question or answer matches. */
export function search(faq: Faq, query: string): Faq['topics'] {
  const needle = fold(query.trim());
  if (!needle) return faq.topics;
  return faq.topics
    .map((group) => ({
      ...group,
      items: group.items.filter(
        (item) =>
          fold(item.question).includes(needle) ||
          fold(item.answer).includes(needle) ||
          fold(group.topic).includes(needle),
      ),
    }))
    .filter((group) => group.items.length > 0);
}
