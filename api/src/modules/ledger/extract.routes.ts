import { extractPeriodQuerySchema, extractTotalsSchema } from '@especifica/mf-shared/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { ledgerEntries } from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import { type Cell, sendExport } from '../../files/export';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../plugins/auth';
import { periodConditions } from './routes';
import { participantOf } from './service';

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

// The extract's period (screens.md /extract): its totals beside the page, and the same movements as a CSV.
export async function extractPeriodRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const participants = { guard: ['professional', 'shopkeeper'] as ['professional', 'shopkeeper'] };

  app.get(
    '/professionals/extract/totals',
    { config: participants, schema: { querystring: extractPeriodQuerySchema, response: { 200: extractTotalsSchema } } },
    async (request) => {
      const me = participantOf(principalOf(request));
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
        .where(
          and(
            eq(ledgerEntries.participantKind, me.kind),
            eq(ledgerEntries.participantId, me.id),
            ...periodConditions(request.query),
          ),
        );
      return {
        earned: fromHundredths(row?.earned ?? 0),
        redeemed: fromHundredths(-(row?.redeemed ?? 0)),
        expired: fromHundredths(-(row?.expired ?? 0)),
        reversed: fromHundredths(-(row?.reversed ?? 0)),
        net: fromHundredths(row?.net ?? 0),
        movements: row?.movements ?? 0,
      };
    },
  );

  app.get(
    '/professionals/extract/export',
    { config: participants, schema: { querystring: extractPeriodQuerySchema } },
    async (request, reply) => {
      const me = participantOf(principalOf(request));
      const where = [
        eq(ledgerEntries.participantKind, me.kind),
        eq(ledgerEntries.participantId, me.id),
        ...periodConditions(request.query),
      ];
      // Oldest first, as a statement reads; in batches, so that a long extract never sits in memory at once.
      async function* rows(): AsyncGenerator<Cell[][]> {
        for (let offset = 0; ; offset += BATCH) {
          const page = await db
            .select()
            .from(ledgerEntries)
            .where(and(...where))
            .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
            .limit(BATCH)
            .offset(offset);
          if (page.length > 0) {
            yield page.map((entry) => [
              saoPaulo.format(entry.createdAt).replace(',', ''),
              kindNames[entry.kind] ?? entry.kind,
              entry.reason ?? '',
              fromHundredths(entry.amount),
            ]);
          }
          if (page.length < BATCH) return;
        }
      }
      const stamp = deps.now().toISOString().slice(0, 10);
      return sendExport(
        reply,
        { name: 'Extrato', columns: ['Data', 'Tipo', 'Descrição', 'Pontos'], rows: rows() },
        'csv',
        `extrato-${stamp}`,
      );
    },
  );
}
