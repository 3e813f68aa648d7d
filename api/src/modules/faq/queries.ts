import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faqEntries } from '../../db/schema';
import type { ListPageQuery } from '../../kernel/list';
import { listPage } from '../../kernel/list';

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

/** The active questions by topic: topics in the order of their first question, questions by their position. */
export async function faqTopics(db: Db) {
  const rows = await db
    .select()
    .from(faqEntries)
    .where(eq(faqEntries.active, true))
    .orderBy(asc(faqEntries.position), asc(faqEntries.question));
  const topics = new Map<string, { id: string; question: string; answer: string }[]>();
  for (const row of rows) {
    const items = topics.get(row.topic) ?? [];
    items.push({ id: row.id, question: row.question, answer: row.answer });
    topics.set(row.topic, items);
  }
  return { topics: [...topics].map(([topic, items]) => ({ topic, items })) };
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
