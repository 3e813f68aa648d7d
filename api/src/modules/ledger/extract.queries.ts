import type { ExtractPeriodQuery, extractQuerySchema, pceQuerySchema } from '@especifica/mf-shared/contracts';
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client';
import { keysetPages } from '../../db/keyset';
import { ledgerEntries, professionals, storeUsers } from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import { type Cell, cells } from '../../files/export';
import { countOf, listPage } from '../../kernel/list';
import type { Participant } from './queries';

type ExtractQuery = z.infer<typeof extractQuerySchema>;
type PceQuery = z.infer<typeof pceQuerySchema>;

const DAY = 86_400_000;

/** Dates of the filters are days in São Paulo: from its midnight, to the next one after `to`. */
export function periodConditions(query: { kind?: string; from?: string; to?: string }): SQL[] {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(sql`${ledgerEntries.kind} = ${query.kind}`);
  if (query.from) conditions.push(gte(ledgerEntries.createdAt, new Date(`${query.from}T00:00:00-03:00`)));
  if (query.to)
    conditions.push(lt(ledgerEntries.createdAt, new Date(new Date(`${query.to}T00:00:00-03:00`).getTime() + DAY)));
  return conditions;
}

const ofParticipant = (participant: Participant) => [
  eq(ledgerEntries.participantKind, participant.kind),
  eq(ledgerEntries.participantId, participant.id),
];

const movementOut = (row: typeof ledgerEntries.$inferSelect) => ({
  id: row.id,
  kind: row.kind,
  points: fromHundredths(row.amount),
  reason: row.reason ?? '',
  sourceType: row.sourceType,
  sourceId: row.sourceId,
  createdAt: row.createdAt.toISOString(),
});

const ledgerSorts = { createdAt: ledgerEntries.createdAt, points: ledgerEntries.amount };

/** A page of one participant's movements, newest first. */
export function extractPage(db: Db, participant: Participant, query: ExtractQuery) {
  return listPage(
    query,
    {
      rows: db.select().from(ledgerEntries).$dynamic(),
      count: db.select({ total: count() }).from(ledgerEntries).$dynamic(),
      where: [...ofParticipant(participant), ...periodConditions(query)],
      order: [desc(ledgerEntries.createdAt), desc(ledgerEntries.id)],
      sortable: ledgerSorts,
      id: ledgerEntries.id,
    },
    movementOut,
  );
}

/** The programme-wide extract (PCE): every movement, with whose it is. */
export function pcePage(db: Db, query: PceQuery) {
  const name = sql<string>`coalesce(${professionals.name}, ${storeUsers.name}, '')`;
  const email = sql<string>`coalesce(${professionals.email}, ${storeUsers.email}, '')`;
  const joined = () =>
    db
      .select({ entry: ledgerEntries, name, email })
      .from(ledgerEntries)
      .leftJoin(
        professionals,
        and(eq(ledgerEntries.participantKind, 'professional'), eq(professionals.id, ledgerEntries.participantId)),
      )
      .leftJoin(
        storeUsers,
        and(eq(ledgerEntries.participantKind, 'shopkeeper'), eq(storeUsers.id, ledgerEntries.participantId)),
      )
      .$dynamic();
  return listPage(
    query,
    {
      rows: joined(),
      // The names are in the joined tables; without a search the entries alone give the total.
      count: query.search ? countOf(db, joined) : db.select({ total: count() }).from(ledgerEntries).$dynamic(),
      where: [
        ...periodConditions(query),
        query.participantKind ? eq(ledgerEntries.participantKind, query.participantKind) : undefined,
        query.participantId ? eq(ledgerEntries.participantId, query.participantId) : undefined,
      ],
      search: [name, email],
      order: [desc(ledgerEntries.createdAt), desc(ledgerEntries.id)],
      sortable: { ...ledgerSorts, name },
      id: ledgerEntries.id,
    },
    (row) => ({
      ...movementOut(row.entry),
      issuer: row.entry.issuer,
      participant: {
        kind: row.entry.participantKind,
        id: row.entry.participantId,
        name: row.name,
        email: row.email,
      },
    }),
  );
}

/** The period's totals of one participant's extract, in points. */
export async function extractTotals(db: Db, participant: Participant, query: ExtractPeriodQuery) {
  const sum = (condition: SQL) =>
    sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${condition}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      earned: sum(sql`${ledgerEntries.amount} > 0`),
      redeemed: sum(sql`${ledgerEntries.kind} = 'redemption'`),
      expired: sum(sql`${ledgerEntries.kind} = 'expiry'`),
      reversed: sum(sql`${ledgerEntries.amount} < 0 and ${ledgerEntries.kind} in ('reversal', 'adjustment')`),
      net: sum(sql`true`),
      movements: sql<string>`count(*)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(...ofParticipant(participant), ...periodConditions(query)));
  return {
    earned: fromHundredths(row?.earned ?? 0),
    redeemed: fromHundredths(-(row?.redeemed ?? 0)),
    expired: fromHundredths(-(row?.expired ?? 0)),
    reversed: fromHundredths(-(row?.reversed ?? 0)),
    net: fromHundredths(row?.net ?? 0),
    movements: row?.movements ?? 0,
  };
}

const kindNames: Record<string, string> = {
  credit: 'Crédito',
  bonus: 'Bônus',
  extra: 'Pontos extras',
  redemption: 'Resgate',
  reversal: 'Estorno',
  expiry: 'Vencimento',
  adjustment: 'Ajuste',
};

const BATCH = 1000;
const saoPaulo = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The rows of one participant's extract file: oldest first, as a statement reads; in batches, so that a long
 * extract never sits in memory at once.
 */
export function extractRows(db: Db, participant: Participant, query: ExtractPeriodQuery) {
  const where = [...ofParticipant(participant), ...periodConditions(query)];
  return cells(
    keysetPages<{ at: string; entry: typeof ledgerEntries.$inferSelect }, { at: string; id: string }>(
      (after) =>
        db
          .select({ at: sql<string>`${ledgerEntries.createdAt}::text`, entry: ledgerEntries })
          .from(ledgerEntries)
          .where(
            and(
              ...where,
              after
                ? sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
          .limit(BATCH),
      (row) => ({ at: row.at, id: row.entry.id }),
      { size: BATCH },
    ),
    ({ entry }): Cell[] => [
      saoPaulo.format(entry.createdAt).replace(',', ''),
      kindNames[entry.kind] ?? entry.kind,
      entry.reason ?? '',
      fromHundredths(entry.amount),
    ],
  );
}
