import { extractQuerySchema, extractSchema, pcePageSchema, pceQuerySchema } from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { ledgerEntries, professionals, storeUsers } from '../../db/schema';
import { expiryPicture } from '../../domain/expiry';
import { cycleYear } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import { offsetOf, pageAnswer } from '../../http/pagination';
import { containsPattern } from '../../http/search';
import type { App } from '../../http/zod';
import { principalOf } from '../../plugins/auth';
import type { ProgrammeDeps } from '../programme/deps';
import { settingsOf } from '../programme/settings';
import { pointsOf } from './repository';
import { movementsOf, participantOf } from './service';

const DAY = 86_400_000;
const EXPIRING_DAYS = 90;

/** Dates of the filters are days in São Paulo: from its midnight, to the next one after `to`. */
function periodConditions(query: { kind?: string; from?: string; to?: string }): SQL[] {
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
      const where = and(
        eq(ledgerEntries.participantKind, participant.kind),
        eq(ledgerEntries.participantId, participant.id),
        ...periodConditions(query),
      );
      const [rows, [total], points, movements, settings] = await Promise.all([
        db
          .select()
          .from(ledgerEntries)
          .where(where)
          .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ total: count() }).from(ledgerEntries).where(where),
        pointsOf(db, participant, cycleYear(now)),
        movementsOf(db, participant),
        settingsOf(db),
      ]);
      const until = new Date(now.getTime() + EXPIRING_DAYS * DAY);
      const lots = expiryPicture(movements, now, settings.expiryMonths).open.filter((lot) => lot.expiresAt <= until);
      return {
        ...pageAnswer(rows.map(movementOut), total?.total ?? 0, query),
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
      const conditions = periodConditions(query);
      if (query.participantKind) conditions.push(eq(ledgerEntries.participantKind, query.participantKind));
      if (query.participantId) conditions.push(eq(ledgerEntries.participantId, query.participantId));
      const name = sql<string>`coalesce(${professionals.name}, ${storeUsers.name}, '')`;
      const email = sql<string>`coalesce(${professionals.email}, ${storeUsers.email}, '')`;
      if (query.search) {
        const pattern = containsPattern(query.search);
        conditions.push(sql`(${name} ilike ${pattern} or ${email} ilike ${pattern})`);
      }
      const where = and(...conditions);
      const base = (fields: Parameters<typeof db.select>[0]) =>
        db
          .select(fields)
          .from(ledgerEntries)
          .leftJoin(
            professionals,
            and(eq(ledgerEntries.participantKind, 'professional'), eq(professionals.id, ledgerEntries.participantId)),
          )
          .leftJoin(
            storeUsers,
            and(eq(ledgerEntries.participantKind, 'shopkeeper'), eq(storeUsers.id, ledgerEntries.participantId)),
          )
          .where(where);
      const [rows, [total]] = await Promise.all([
        base({ entry: ledgerEntries, name, email })
          .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        query.search ? base({ total: count() }) : db.select({ total: count() }).from(ledgerEntries).where(where),
      ]);
      const items = (rows as { entry: typeof ledgerEntries.$inferSelect; name: string; email: string }[]).map(
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
      return pageAnswer(items, (total as { total: number } | undefined)?.total ?? 0, query);
    },
  );
}
