import { extractPeriodQuerySchema, extractTotalsSchema } from '@especifica/mf-shared/contracts';
import { sendExport } from '../../files/export';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { extractRows, extractTotals } from './extract.queries';
import { participantOf } from './service';

// The extract's period (screens.md /extract): its totals beside the page, and the same movements as a CSV.
export async function extractPeriodRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const participants = { guard: ['professional', 'shopkeeper'] as ['professional', 'shopkeeper'] };

  app.get(
    '/professionals/extract/totals',
    { config: participants, schema: { querystring: extractPeriodQuerySchema, response: { 200: extractTotalsSchema } } },
    (request) => extractTotals(db, participantOf(principalOf(request)), request.query),
  );

  app.get(
    '/professionals/extract/export',
    { config: participants, schema: { querystring: extractPeriodQuerySchema } },
    async (request, reply) => {
      const rows = extractRows(db, participantOf(principalOf(request)), request.query);
      const stamp = deps.now().toISOString().slice(0, 10);
      return sendExport(
        reply,
        { name: 'Extrato', columns: ['Data', 'Tipo', 'Descrição', 'Pontos'], rows },
        'csv',
        `extrato-${stamp}`,
      );
    },
  );
}
