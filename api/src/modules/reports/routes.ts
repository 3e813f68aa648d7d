import {
  exportQuerySchema,
  invoicesExportQuerySchema,
  socialMediaQuerySchema,
  socialMediaUsersPageSchema,
  specificationsPageSchema,
  specificationsQuerySchema,
} from '@especifica/mf-shared/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { invoices, professionals, stores } from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import { type ExportSheet, sendExport } from '../../files/export';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { listPage } from '../../kernel/list';
import { searchAny } from '../../kernel/search';
import { dashboardKpis } from '../dashboard/queries';
import { invoiceFilters, invoiceSortable } from '../invoices/queries';
import { periodOf } from '../rankings/queries';
import { professionalsRanked, sellersRanked, storesRanked } from '../rankings/routes';
import {
  rankingSheet,
  socialMediaFilter,
  socialMediaSheet,
  specificationFilters,
  specificationsQuery,
  specificationsSheet,
  storeUsersSheet,
} from './queries';

async function* once<T>(rows: T[]) {
  yield rows;
}

export async function reportRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/cms/dashboard/get-data-to-export',
    { config: admin, schema: { querystring: exportQuerySchema } },
    async (request, reply) => {
      const query = request.query;
      const period = periodOf(query, deps.now());
      const stamp = new Date(deps.now()).toISOString().slice(0, 10);
      const sheets: Record<typeof query.key, () => ExportSheet | Promise<ExportSheet>> = {
        specifications: () => specificationsSheet(db, specificationFilters(query), deps.cursor),
        'store-users': () => storeUsersSheet(db),
        'professionals-ranking': () =>
          rankingSheet(db, 'Ranking de profissionais', professionalsRanked(period), period, 'Detalhe'),
        'stores-ranking': () => rankingSheet(db, 'Ranking de lojas', storesRanked(period), period, 'CNPJ'),
        'sellers-ranking': () => rankingSheet(db, 'Ranking de vendedores', sellersRanked(period), period, 'Loja'),
        'users-with-social-media': () => socialMediaSheet(db),
        dashboard: async () => {
          const { kpis, series } = await dashboardKpis(db, deps.now());
          return {
            name: 'Visão geral',
            columns: [
              'Mês',
              'Notas enviadas',
              'Notas aprovadas',
              'Valor aprovado (R$)',
              'Pontos',
              'Pontos resgatados',
              'Pontos vencidos',
            ],
            rows: once([
              ...series.map((month) => [
                month.month,
                month.invoices,
                month.approved,
                month.amount,
                month.points,
                month.redeemed,
                month.expired,
              ]),
              ['Pontos em circulação', null, null, null, kpis.pointsOutstanding, null, null],
            ]),
          };
        },
      };
      return sendExport(reply, await sheets[query.key](), query.format, `${query.key}-${stamp}`);
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
      const where = and(
        specificationFilters(query),
        searchAny(query.search, [invoices.number, professionals.name, stores.name]),
      );
      if (query.format) {
        return sendExport(reply, specificationsSheet(db, where, deps.cursor), query.format, 'especificacoes');
      }
      return listPage(
        query,
        {
          rows: specificationsQuery(db, undefined).$dynamic(),
          count: db
            .select({ total: count() })
            .from(invoices)
            .innerJoin(professionals, eq(professionals.id, invoices.professionalId))
            .innerJoin(stores, eq(stores.id, invoices.storeId))
            .$dynamic(),
          where: [where],
          order: [desc(invoices.createdAt), desc(invoices.id)],
          sortable: invoiceSortable,
          id: invoices.id,
        },
        ({ invoice, professional, store }) => ({
          id: invoice.id,
          issuedOn: invoice.issuedOn,
          number: invoice.number,
          series: invoice.series,
          status: invoice.status,
          total: fromHundredths(invoice.total),
          points: fromHundredths(invoice.points),
          bonusPoints: fromHundredths(invoice.bonusPoints),
          professional: { id: professional.id, name: professional.name, email: professional.email },
          store,
          createdAt: invoice.createdAt.toISOString(),
        }),
      );
    },
  );

  app.get(
    '/cms/dashboard/get-users-with-social-media',
    { config: admin, schema: { querystring: socialMediaQuerySchema, response: { 200: socialMediaUsersPageSchema } } },
    async (request, reply) => {
      const query = request.query;
      if (query.format) return sendExport(reply, socialMediaSheet(db), query.format, 'redes-sociais');
      return listPage(
        query,
        {
          rows: db.select().from(professionals).$dynamic(),
          count: db.select({ total: count() }).from(professionals).$dynamic(),
          where: [socialMediaFilter],
          search: [professionals.name, professionals.email],
          order: [professionals.name],
          sortable: { name: professionals.name, email: professionals.email },
          id: professionals.id,
        },
        (row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          profession: row.profession,
          instagram: row.socialMedia?.instagram ?? null,
          facebook: row.socialMedia?.facebook ?? null,
          behance: row.socialMedia?.behance ?? null,
          pinterest: row.socialMedia?.pinterest ?? null,
        }),
      );
    },
  );
}
