import { extractQuerySchema, extractSchema, pcePageSchema, pceQuerySchema } from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { ledgerEntries, professionals, storeUsers } from '../../db/schema';
import { expiryPicture } from '../../domain/expiry';
import { cycleYear } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { countOf, listPage } from '../../kernel/list';
import { settingsOf } from '../../kernel/settings';
import { principalOf } from '../../plugins/auth';
import { pointsOf } from './queries';
import { movementsOf, participantOf } from './service';

const DAY = 86_400_000;
const EXPIRING_DAYS = 90;

/** Dates of the filters are days in São Paulo: from its midnight, to the next one after `to`. */
export function periodConditions(query: { kind?: string; from?: string; to?: string }): SQL[] {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(sql`${ledgerEntries.kind} = ${query.kind}`);
  if (query.from) conditions.push(gte(ledgerEntries.createdAt, new Date(`${query.from}T00:00:00-03:00`)));
  if (query.to)
    conditions.push(lt(ledgerEntries.createdAt, new Date(new Date(`${query.to}T00:00:00-03:00`).getTime() + DAY)));
  return conditions;
}

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

export async function ledgerRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  app.get(
    '/professionals/extract/get-all',
    {
      config: { guard: ['professional', 'shopkeeper'] },
      schema: { querystring: extractQuerySchema, response: { 200: extractSchema } },
    },
    async (request) => {
      const query = request.query;
      const participant = participantOf(principalOf(request));
      const now = deps.now();
      const [page, points, movements, settings] = await Promise.all([
        listPage(
          query,
          {
            rows: db.select().from(ledgerEntries).$dynamic(),
            count: db.select({ total: count() }).from(ledgerEntries).$dynamic(),
            where: [
              eq(ledgerEntries.participantKind, participant.kind),
              eq(ledgerEntries.participantId, participant.id),
              ...periodConditions(query),
            ],
            order: [desc(ledgerEntries.createdAt), desc(ledgerEntries.id)],
            sortable: ledgerSorts,
            id: ledgerEntries.id,
          },
          movementOut,
        ),
        pointsOf(db, participant, cycleYear(now)),
        movementsOf(db, participant),
        settingsOf(db),
      ]);
      const until = new Date(now.getTime() + EXPIRING_DAYS * DAY);
      const lots = expiryPicture(movements, now, settings.expiryMonths).open.filter((lot) => lot.expiresAt <= until);
      return {
        ...page,
        balance: fromHundredths(points.balance),
        earnedInCycle: fromHundredths(points.earned),
        expiring: {
          days: EXPIRING_DAYS,
          points: fromHundredths(lots.reduce((sum, lot) => sum + lot.remaining, 0)),
          lots: lots.map((lot) => ({ expiresAt: lot.expiresAt.toISOString(), points: fromHundredths(lot.remaining) })),
        },
      };
    },
  );

  // The programme-wide extract (PCE): every movement, with whose it is.
  app.get(
    '/cms/professionals/pce/get-all',
    { config: { guard: ['admin'] }, schema: { querystring: pceQuerySchema, response: { 200: pcePageSchema } } },
    async (request) => {
      const query = request.query;
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
    },
  );
}
