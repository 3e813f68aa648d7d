import { auditPageSchema, auditQuerySchema, expiryRunSchema } from '@especifica/mf-shared/contracts';
import { formatPoints } from '../../domain/points';
import { sendExport } from '../../files/export';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { auditFilters, auditPage, auditSheet } from './queries';
import { runExpiryByHand } from './service';

export async function programmeAdminRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  app.get(
    '/cms/audit/get-all',
    { config: { guard: ['admin'] }, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request, reply) => {
      const query = request.query;
      const where = auditFilters(query);
      if (query.format) return sendExport(reply, auditSheet(db, where), query.format, 'auditoria');
      return auditPage(db, where, query);
    },
  );

  // The job normally runs on its schedule (docs/jobs.md); admins may run it by hand.
  app.post(
    '/cms/jobs/expire-points',
    { config: { guard: ['admin'] }, schema: { response: { 200: expiryRunSchema } } },
    async (request) => {
      const reminders = { mailer: deps.mailer, publicUrl: deps.publicUrl };
      const run = await runExpiryByHand(db, reminders, principalOf(request), deps.now());
      return {
        msg: `Expiração concluída: ${formatPoints(run.expired)} pontos de ${run.participants} participantes.`,
        participants: run.participants,
        expired: run.expired / 100,
        warned: run.warned,
      };
    },
  );
}
