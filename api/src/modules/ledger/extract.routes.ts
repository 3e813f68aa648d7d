import {
  type ExtractPeriodQuery,
  extractPeriodQuerySchema,
  extractTotalsSchema,
  taskSchema,
} from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { extractRows, extractTotals } from './extract.queries';
import type { Participant } from './queries';
import { participantOf } from './service';

// The extract's period (screens.md /extract): its totals beside the page, and the same movements as a CSV.
export async function extractPeriodRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const participants = { guard: ['professional', 'shopkeeper'] as ['professional', 'shopkeeper'] };
  const exports = deps.tasks.exports(
    'export:extract',
    ({ participant, query }: { participant: Participant; query: ExtractPeriodQuery }) => ({
      name: 'Extrato',
      columns: ['Data', 'Tipo', 'Descrição', 'Pontos'],
      rows: extractRows(db, participant, query),
    }),
  );

  app.get(
    '/professionals/extract/totals',
    { config: participants, schema: { querystring: extractPeriodQuerySchema, response: { 200: extractTotalsSchema } } },
    (request) => extractTotals(db, participantOf(principalOf(request)), request.query),
  );

  app.get(
    '/professionals/extract/export',
    { config: participants, schema: { querystring: extractPeriodQuerySchema, response: { 202: taskSchema } } },
    async (request, reply) => {
      const input = { participant: participantOf(principalOf(request)), query: request.query };
      const stamp = deps.now().toISOString().slice(0, 10);
      return exports.send(request, reply, input, { format: 'csv', name: `extrato-${stamp}` });
    },
  );
}
