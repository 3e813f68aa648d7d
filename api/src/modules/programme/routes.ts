import {
  participantSettingsSchema,
  type Regulation,
  regulationSchema,
  type Score,
  scoreSchema,
  type scoreSources,
} from '@especifica/mf-shared/contracts';
import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { ledgerEntries, professionals, storeUsers, termsVersions } from '../../db/schema';
import { cycleStart, cycleYear } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { settingsOf } from '../../kernel/settings';
import { principalOf } from '../../plugins/auth';
import { levelRules } from '../ledger/queries';
import { participantOf } from '../ledger/service';

const participants = { guard: ['professional', 'shopkeeper'] as ['professional', 'shopkeeper'] };

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

type Source = (typeof scoreSources)[number];
const sourceOf = (kind: string, sourceType: string): Source => {
  if (kind === 'bonus' || sourceType === 'invoice-bonus') return 'bonuses';
  if (kind === 'extra') return 'campaigns';
  if (sourceType === 'invoice') return 'invoices';
  if (sourceType.startsWith('experience')) return 'experiences';
  return 'other';
};

/** What the participant area reads of the programme: the regulation, the rules of earning and the cycle's points. */
export async function readingRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  app.get(
    '/professionals/regulation',
    { config: participants, schema: { response: { 200: regulationSchema } } },
    async (request) => {
      const principal = principalOf(request);
      const [current, previous] = await db.select().from(termsVersions).orderBy(desc(termsVersions.version)).limit(2);
      if (!current) throw fail.notFound('Nenhum regulamento publicado.');
      const table = principal.role === 'shopkeeper' ? storeUsers : professionals;
      const [accepted] = await db
        .select({ version: table.acceptedTermsVersion, at: table.acceptedTermsAt })
        .from(table)
        .where(eq(table.id, principal.id));
      return {
        version: current.version,
        title: current.title,
        content: current.content,
        publishedAt: current.publishedAt.toISOString(),
        accepted: { version: accepted?.version ?? null, at: accepted?.at?.toISOString() ?? null },
        previous: previous ? { version: previous.version, publishedAt: previous.publishedAt.toISOString() } : null,
        changes: previous ? regulationChanges(previous.content, current.content) : [],
      };
    },
  );

  app.get(
    '/professionals/settings',
    { config: participants, schema: { response: { 200: participantSettingsSchema } } },
    async () => {
      const settings = await settingsOf(db);
      return {
        pointsPerReal: fromHundredths(settings.pointsPerReal),
        expiryMonths: settings.expiryMonths,
        customerWindowDays: settings.customerWindowDays,
        levels: (await levelRules(db)).map((level) => ({
          id: level.id,
          name: level.name,
          points: fromHundredths(level.threshold),
          sublevels: level.sublevels,
          benefits: level.benefits,
        })),
      };
    },
  );

  app.get(
    '/professionals/score',
    { config: participants, schema: { response: { 200: scoreSchema } } },
    async (request) => {
      const participant = participantOf(principalOf(request));
      const now = deps.now();
      const year = cycleYear(now);
      const from = cycleStart(now);
      const to = cycleStart(new Date(Date.UTC(year + 1, 0, 2)));
      // Earned points (credits, bonuses, extras, less reversals) of the cycle, summed by month in São Paulo and by source.
      const month = sql<number>`extract(month from ${ledgerEntries.createdAt} at time zone 'America/Sao_Paulo')::int`;
      const rows = await db
        .select({
          month,
          kind: ledgerEntries.kind,
          sourceType: ledgerEntries.sourceType,
          points: sql<string>`sum(${ledgerEntries.amount})`,
        })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.participantKind, participant.kind),
            eq(ledgerEntries.participantId, participant.id),
            // As the cycle's standing counts them: what was credited, less what was taken back.
            or(
              inArray(ledgerEntries.kind, ['credit', 'bonus', 'extra']),
              and(eq(ledgerEntries.kind, 'reversal'), lt(ledgerEntries.amount, 0)),
            ),
            gte(ledgerEntries.createdAt, from),
            lt(ledgerEntries.createdAt, to),
          ),
        )
        .groupBy(month, ledgerEntries.kind, ledgerEntries.sourceType);
      const months = Array.from({ length: 12 }, (_, index) => ({ month: index + 1, points: 0 }));
      const sources = new Map<Source, number>();
      let earned = 0;
      for (const row of rows) {
        const points = Number(row.points);
        earned += points;
        const slot = months[Number(row.month) - 1];
        if (slot) slot.points += points;
        const source = sourceOf(row.kind, row.sourceType);
        sources.set(source, (sources.get(source) ?? 0) + points);
      }
      const answer: Score = {
        cycleYear: year,
        earned: fromHundredths(earned),
        months: months.map((slot) => ({ month: slot.month, points: fromHundredths(slot.points) })),
        sources: [...sources].map(([source, points]) => ({ source, points: fromHundredths(points) })),
      };
      return answer;
    },
  );
}
