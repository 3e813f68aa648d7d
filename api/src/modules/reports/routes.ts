import {
  exportQuerySchema,
  type InvoicesQuery,
  invoicesExportQuerySchema,
  socialMediaQuerySchema,
  socialMediaUsersPageSchema,
  specificationsPageSchema,
  specificationsQuerySchema,
  taskSchema,
} from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import { pageOrFileSchema } from '../../jobs';
import type { ProgrammeDeps } from '../../kernel/deps';
import { invoiceFilters } from '../invoices';
import {
  type ExportQuery,
  exportSheetOf,
  type SpecificationsQuery,
  socialMediaPage,
  socialMediaSheet,
  specificationsCount,
  specificationsPage,
  specificationsSearch,
  specificationsSheet,
} from './queries';

export async function reportRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };
  // Each is built again by the job from the same input when it has too many rows to stream.
  const reports = deps.tasks.exports('export:reports', ({ query, at }: { query: ExportQuery; at: string }) =>
    exportSheetOf(db, deps.longReads, query, new Date(at)),
  );
  const invoiceLists = deps.tasks.exports(
    'export:invoices',
    (query: Partial<InvoicesQuery>) => specificationsSheet(db, invoiceFilters(query, true), deps.longReads),
    // The lists' filters read the invoice's own columns (the professional's name in a subquery of its own).
    (query, atMost) => specificationsCount(db, invoiceFilters(query, true), atMost, { joined: false }),
  );
  const specifications = deps.tasks.exports(
    'export:specifications',
    (query: SpecificationsQuery) => specificationsSheet(db, specificationsSearch(query), deps.longReads),
    (query, atMost) =>
      specificationsCount(db, specificationsSearch(query), atMost, { joined: Boolean(query.search?.trim()) }),
  );
  const socialMedia = deps.tasks.exports('export:social-media', () => socialMediaSheet(db));

  app.get(
    '/cms/dashboard/get-data-to-export',
    { config: admin, schema: { querystring: exportQuerySchema, response: { 202: taskSchema } } },
    async (request, reply) => {
      const query = request.query;
      const at = deps.now().toISOString();
      return reports.send(
        request,
        reply,
        { query, at },
        { format: query.format, name: `${query.key}-${at.slice(0, 10)}` },
      );
    },
  );

  // The CMS invoice lists (by origin) as filtered, every row: the specifications sheet over the list's own filters.
  app.get(
    '/cms/professionals/invoices/export',
    { config: admin, schema: { querystring: invoicesExportQuerySchema, response: { 202: taskSchema } } },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const name = query.submittedBy ? `notas-${query.submittedBy}` : 'notas-fiscais';
      return invoiceLists.send(request, reply, query, { format, name });
    },
  );

  app.get(
    '/cms/dashboard/get-specifications',
    { config: admin, schema: pageOrFileSchema(specificationsQuerySchema, specificationsPageSchema) },
    async (request, reply) =>
      specifications.pageOrFile(request, reply, request.query, 'especificacoes', (query) =>
        specificationsPage(db, specificationsSearch(query), query),
      ),
  );

  app.get(
    '/cms/dashboard/get-users-with-social-media',
    { config: admin, schema: pageOrFileSchema(socialMediaQuerySchema, socialMediaUsersPageSchema) },
    async (request, reply) =>
      socialMedia.pageOrFile(request, reply, request.query, 'redes-sociais', (query) => socialMediaPage(db, query)),
  );
}
