import { type Faq, mergeRanges, searchWords, type TextRange, wordMatches } from '@especifica/mf-shared/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { faqEntries } from '../../db/schema';
import type { ListPageQuery } from '../../kernel/list';
import { listPage } from '../../kernel/list';
import { containsPattern } from '../../kernel/search';

export type FaqRow = typeof faqEntries.$inferSelect;

export const faqOut = (row: FaqRow) => ({
  id: row.id,
  topic: row.topic,
  question: row.question,
  answer: row.answer,
  position: row.position,
  active: row.active,
  updatedAt: row.updatedAt.toISOString(),
});

/** The text search configuration of migration 0036: unaccent, then the Portuguese stemmer. */
const config = sql.raw("'especifica_pt'");
const START = '\u2983';
const STOP = '\u2984';
const headlineOptions = `HighlightAll=true, StartSel=${START}, StopSel=${STOP}`;
/** More words than this in a search add nothing a person reads; they are left out. */
const MAX_WORDS = 8;

const searchable = sql`${faqEntries.topic} || ' ' || ${faqEntries.question} || ' ' || ${faqEntries.answer}`;

/** A word is found by its stem ('notas' finds 'nota') or inside a word ('reprov' finds 'reprovada'). */
const holds = (word: string) =>
  sql`(to_tsvector(${config}, ${searchable}) @@ plainto_tsquery(${config}, ${word})
    or lower(unaccent(${searchable})) like ${containsPattern(word)})`;

/** The ranges ts_headline marked, in the text without its marks. */
function headlineRanges(marked: string): TextRange[] {
  const ranges: TextRange[] = [];
  let at = 0;
  let start = -1;
  for (const char of marked) {
    if (char === START) start = at;
    else if (char === STOP && start >= 0) {
      ranges.push([start, at]);
      start = -1;
    } else at += char.length;
  }
  return ranges;
}

/** Where a text matched: the words of the same stem ts_headline marked, and the search's words found inside words. */
const marksOf = (text: string, marked: string, search: string) =>
  mergeRanges([...headlineRanges(marked), ...wordMatches(text, search)]);

/**
 * The active questions by topic: topics in the order of their first question, questions by their position. With a
 * search, only those holding every word of it, each with what matched marked.
 */
export async function faqTopics(db: Db, search = '') {
  const words = searchWords(search).slice(0, MAX_WORDS);
  const anyWord = words.length
    ? sql.join(
        words.map((word) => sql`plainto_tsquery(${config}, ${word})`),
        sql` || `,
      )
    : sql`''::tsquery`;
  const headline = (column: AnyPgColumn) =>
    words.length ? sql<string>`ts_headline(${config}, ${column}, ${anyWord}, ${headlineOptions})` : sql<string>`''`;
  const rows = await db
    .select({
      id: faqEntries.id,
      topic: faqEntries.topic,
      question: faqEntries.question,
      answer: faqEntries.answer,
      topicMarked: headline(faqEntries.topic),
      questionMarked: headline(faqEntries.question),
      answerMarked: headline(faqEntries.answer),
    })
    .from(faqEntries)
    .where(and(eq(faqEntries.active, true), ...words.map(holds)))
    .orderBy(asc(faqEntries.position), asc(faqEntries.question));
  const query = words.join(' ');
  const topics = new Map<string, Faq['topics'][number]>();
  for (const row of rows) {
    const group = topics.get(row.topic) ?? {
      topic: row.topic,
      ...(words.length ? { topicMarks: marksOf(row.topic, row.topicMarked, query) } : {}),
      items: [],
    };
    group.items.push({
      id: row.id,
      question: row.question,
      answer: row.answer,
      ...(words.length
        ? {
            marks: {
              question: marksOf(row.question, row.questionMarked, query),
              answer: marksOf(row.answer, row.answerMarked, query),
            },
          }
        : {}),
    });
    topics.set(row.topic, group);
  }
  return { topics: [...topics.values()] };
}

export function faqPage(
  db: Db,
  query: ListPageQuery<'topic' | 'question' | 'position' | 'updatedAt'> & { active?: boolean; topic?: string },
) {
  return listPage(
    query,
    {
      rows: db.select().from(faqEntries).$dynamic(),
      count: db.select({ total: count() }).from(faqEntries).$dynamic(),
      where: [
        query.active !== undefined ? eq(faqEntries.active, query.active) : undefined,
        query.topic ? eq(faqEntries.topic, query.topic) : undefined,
      ],
      search: [faqEntries.question, faqEntries.answer, faqEntries.topic],
      order: [asc(faqEntries.topic), asc(faqEntries.position), asc(faqEntries.id)],
      sortable: {
        topic: faqEntries.topic,
        question: faqEntries.question,
        position: faqEntries.position,
        updatedAt: faqEntries.updatedAt,
      },
      id: faqEntries.id,
    },
    faqOut,
  );
}
