import {
  exportQuerySchema,
  invoicesExportQuerySchema,
  socialMediaQuerySchema,
  socialMediaUsersPageSchema,
  specificationsPageSchema,
  specificationsQuerySchema,
} from '@especifica/mf-shared/contracts';
import { sendExport } from '../../files/export';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { invoiceFilters } from '../invoices';
import {
  exportSheetOf,
  socialMediaPage,
  socialMediaSheet,
  specificationsPage,
  specificationsSearch,
  specificationsSheet,
} from './queries';

export async function reportRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/cms/dashboard/get-data-to-export',
    { config: admin, schema: { querystring: exportQuerySchema } },
    async (request, reply) => {
      const query = request.query;
      const stamp = new Date(deps.now()).toISOString().slice(0, 10);
      const sheet = await exportSheetOf(db, deps.cursor, query, deps.now());
      return sendExport(reply, sheet, query.format, `${query.key}-${stamp}`);
    },
  );

  // The CMS invoice lists (by origin) as filtered, every row: the specifications sheet over the list's own filters.
  app.get(
    '/cms/professionals/invoices/export',
    { config: admin, schema: { querystring: invoicesExportQuerySchema } },
    (request, reply) => {
      const { format, ...query } = request.query;
      const name = query.submittedBy ? `notas-${query.submittedBy}` : 'notas-fiscais';
      return sendExport(reply, specificationsSheet(db, invoiceFilters(query, true), deps.cursor), format, name);
    },
  );

  app.get(
    '/cms/dashboard/get-specifications',
    { config: admin, schema: { querystring: specificationsQuerySchema, response: { 200: specificationsPageSchema } } },
    async (request, reply) => {
      const query = request.query;
      const where = specificationsSearch(query);
      if (query.format) {
        return sendExport(reply, specificationsSheet(db, where, deps.cursor), query.format, 'especificacoes');
      }
      return specificationsPage(db, where, query);
    },
  );

  app.get(
    '/cms/dashboard/get-users-with-social-media',
    { config: admin, schema: { querystring: socialMediaQuerySchema, response: { 200: socialMediaUsersPageSchema } } },
    async (request, reply) => {
      const query = request.query;
      if (query.format) return sendExport(reply, socialMediaSheet(db), query.format, 'redes-sociais');
      return socialMediaPage(db, query);
    },
  );
}
