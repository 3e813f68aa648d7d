import { auditPageSchema, auditQuerySchema, expiryRunSchema } from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { auditRecords } from '../../db/schema-programme';
import { formatPoints } from '../../domain/points';
import { offsetOf, pageAnswer } from '../../http/pagination';
import type { App } from '../../http/zod';
import { principalOf } from '../../plugins/auth';
import { runExpiryJob } from '../ledger/expiry-job';
import { audit } from './audit';
import type { ProgrammeDeps } from './deps';

export async function programmeAdminRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  app.get(
    '/cms/audit/get-all',
    { config: { guard: ['admin'] }, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => {
      const query = request.query;
      const conditions: SQL[] = [];
      if (query.entity) conditions.push(eq(auditRecords.entity, query.entity));
      if (query.entityId) conditions.push(eq(auditRecords.entityId, query.entityId));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditRecords)
          .where(where)
          .orderBy(desc(auditRecords.createdAt), desc(auditRecords.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ total: count() }).from(auditRecords).where(where),
      ]);
      const items = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
      return pageAnswer(items, total?.total ?? 0, query);
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
