import { auditPageSchema, auditQuerySchema, expiryRunSchema } from '@especifica/mf-shared/contracts';
import { count, desc, eq } from 'drizzle-orm';
import { auditRecords } from '../../db/schema';
import { formatPoints } from '../../domain/points';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { listPage } from '../../kernel/list';
import { principalOf } from '../../plugins/auth';
import { runExpiryJob } from '../ledger/expiry.service';

export async function programmeAdminRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  app.get(
    '/cms/audit/get-all',
    { config: { guard: ['admin'] }, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => {
      const query = request.query;
      return listPage(
        query,
        {
          rows: db.select().from(auditRecords).$dynamic(),
          count: db.select({ total: count() }).from(auditRecords).$dynamic(),
          where: [
            query.entity ? eq(auditRecords.entity, query.entity) : undefined,
            query.entityId ? eq(auditRecords.entityId, query.entityId) : undefined,
          ],
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
