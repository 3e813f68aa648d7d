import { type AuditQuery, auditPageSchema, auditQuerySchema, expiryRunSchema } from '@especifica/mf-shared/contracts';
import { countPhrase, pointsPhrase } from '../../domain/points';
import type { App } from '../../http/zod';
import { pageOrFileSchema } from '../../jobs';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { auditFilters, auditPage, auditSheet } from './queries';
import { runExpiryByHand } from './service';

export async function programmeAdminRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const exports = deps.tasks.exports('export:audit', (query: AuditQuery) => auditSheet(db, auditFilters(query)));

  app.get(
    '/cms/audit/get-all',
    { config: { guard: ['admin'] }, schema: pageOrFileSchema(auditQuerySchema, auditPageSchema) },
    async (request, reply) =>
      exports.pageOrFile(request, reply, request.query, 'auditoria', (query) =>
        auditPage(db, auditFilters(query), query),
      ),
  );

  // The job normally runs on its schedule (docs/jobs.md); admins may run it by hand.
  app.post(
    '/cms/jobs/expire-points',
    { config: { guard: ['admin'] }, schema: { response: { 200: expiryRunSchema } } },
    async (request) => {
      const reminders = { mailer: deps.mailer, publicUrl: deps.publicUrl };
      const run = await runExpiryByHand(db, reminders, principalOf(request), deps.now());
      return {
        msg: `Expiração concluída: ${pointsPhrase(run.expired)} de ${countPhrase(run.participants, ['participante', 'participantes'], true)}.`,
        participants: run.participants,
        expired: run.expired / 100,
        warned: run.warned,
      };
    },
  );
}
