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

/** The words of a search, folded: "Nota  Reprovada" is ["nota", "reprovada"]. */
const wordsOf = (query: string) => fold(query).split(/\s+/).filter(Boolean);

/**
 * The parts of `text` that match any word of `query` (accents and case ignored), as [start, end) ranges of the
 * original text, in order and not overlapping. Folding keeps one character per character of the text here: every
 * accented letter folds to one letter.
 */
export function matches(text: string, query: string): [number, number][] {
  const words = wordsOf(query);
  if (words.length === 0) return [];
  // Fold character by character so that indexes stay those of the original text.
  const folded = Array.from(text, (char) => fold(char) || char).join('');
  if (folded.length !== text.length) return [];
  const found: [number, number][] = [];
  for (const word of words) {
    for (let from = folded.indexOf(word); from !== -1; from = folded.indexOf(word, from + word.length)) {
      found.push([from, from + word.length]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const ranges: [number, number][] = [];
  for (const range of found) {
    const last = ranges.at(-1);
    if (last && range[0] < last[1]) last[1] = Math.max(last[1], range[1]);
    else ranges.push([...range]);
  }
  return ranges;
}

/**
 * The topics with only the questions in which every word of the search is found, in any order, in the question, its
 * answer or its topic: "nota reprovada" finds "Minha nota foi reprovada. E agora?".
 */
export function search(faq: Faq, query: string): Faq['topics'] {
  const words = wordsOf(query);
  if (words.length === 0) return faq.topics;
  return faq.topics
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => {
        const text = fold(`${group.topic} ${item.question} ${item.answer}`);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((group) => group.items.length > 0);
}
