import { auditPageSchema, auditQuerySchema, expiryRunSchema } from '@especifica/mf-shared/contracts';
import { count, desc } from 'drizzle-orm';
import { auditRecords } from '../../db/schema';
import { formatPoints } from '../../domain/points';
import { sendExport } from '../../files/export';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { listPage } from '../../kernel/list';
import { principalOf } from '../../plugins/auth';
import { runExpiryJob } from '../ledger/expiry.service';
import { auditFilters, auditSheet } from './queries';

export async function programmeAdminRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  app.get(
    '/cms/audit/get-all',
    { config: { guard: ['admin'] }, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request, reply) => {
      const query = request.query;
      const where = auditFilters(query);
      if (query.format) return sendExport(reply, auditSheet(db, where), query.format, 'auditoria');
      return listPage(
        query,
        {
          rows: db.select().from(auditRecords).$dynamic(),
          count: db.select({ total: count() }).from(auditRecords).$dynamic(),
          where: [where],
          order: [desc(auditRecords.createdAt), desc(auditRecords.id)],
          sortable: { createdAt: auditRecords.createdAt, entity: auditRecords.entity, action: auditRecords.action },
          id: auditRecords.id,
        },
        (row) => ({ ...row, createdAt: row.createdAt.toISOString() }),
      );
    },
  );

  // The job normally runs from a scheduler (npm run job:expire-points -w api); admins may run it by hand.
  app.post(
    '/cms/jobs/expire-points',
    { config: { guard: ['admin'] }, schema: { response: { 200: expiryRunSchema } } },
    async (request) => {
      const run = await runExpiryJob(db, deps.now());
      await audit(db, principalOf(request), { action: 'expire-points', entity: 'ledger', after: run });
      return {
        msg: `Expiração concluída: ${formatPoints(run.expired)} pontos de ${run.participants} participantes.`,
        participants: run.participants,
        expired: run.expired / 100,
        warned: run.warned,
      };
    },
  );
}
