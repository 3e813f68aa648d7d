import {
  type exportQuerySchema,
  formatCnpj,
  formatCpf,
  type socialMediaQuerySchema,
  type specificationsQuerySchema,
} from '@especifica/mf-shared/contracts';
import { and, asc, count, desc, eq, gt, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Db, LongReads } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { invoices, professionals, stores, storeUsers } from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import { batches, type Cell, cells, type ExportSheet, sqlCell } from '../../files/export';
import { saoPauloTimeCell } from '../../files/sao-paulo';
import { listPage } from '../../kernel/list';
import { searchAny } from '../../kernel/search';
import { cmsDashboard } from '../dashboard';
import { invoiceSortable } from '../invoices';
import {
  type Period,
  periodOf,
  professionalsRanked,
  type RankedEntity,
  sellersRanked,
  storesRanked,
} from '../rankings';

export type ExportQuery = z.infer<typeof exportQuerySchema>;
export type SpecificationsQuery = z.infer<typeof specificationsQuerySchema>;
type SocialMediaQuery = z.infer<typeof socialMediaQuerySchema>;

const BATCH = 10_000;
// An export's cursor reads a thousand rows at a time: a batch of 10,000 outlived the young generation while the file
// was written, and promoting it to the old one took more time than the rows themselves (a million rows in 4.6 s
// against 6 to 8 s, 30 MB less resident memory).
const CURSOR_BATCH = 1_000;
const statusNames = { pending: 'Pendente', approved: 'Aprovada', rejected: 'Recusada', cancelled: 'Cancelada' };
const typeNames = { seller: 'Vendedor', manager: 'Gerente', consultant: 'Consultor' };

export function specificationFilters(query: { status?: string; from?: string; to?: string; search?: string }) {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(sql`${invoices.status} = ${query.status}`);
  if (query.from) conditions.push(gte(invoices.issuedOn, query.from));
  if (query.to) conditions.push(lte(invoices.issuedOn, query.to));
  return and(...conditions);
}

export const specificationColumns = {
  // What the page and the export show, not the whole row (the export reads a million of them).
  invoice: {
    id: invoices.id,
    issuedOn: invoices.issuedOn,
    number: invoices.number,
    series: invoices.series,
    status: invoices.status,
    total: invoices.total,
    points: invoices.points,
    bonusPoints: invoices.bonusPoints,
    createdAt: invoices.createdAt,
  },
  createdKey: sql<string>`${invoices.createdAt}::text`,
  professional: { id: professionals.id, name: professionals.name, email: professionals.email, cpf: professionals.cpf },
  store: { id: stores.id, name: stores.name, cnpj: stores.cnpj },
};

export function specificationsQuery(db: Db, where: SQL | undefined) {
  return db
    .select(specificationColumns)
    .from(invoices)
    .innerJoin(professionals, eq(professionals.id, invoices.professionalId))
    .innerJoin(stores, eq(stores.id, invoices.storeId))
    .where(where);
}

/**
 * A specification row as the export reads it: its columns' values in the select's order (the cursor reads arrays).
 * The keyset batches add the invoice's id and its created_at at full (microsecond) precision: the next batch's key.
 */
type SpecificationRow = [
  issuedOn: string,
  number: string,
  series: string,
  status: keyof typeof statusNames,
  total: string | number,
  points: string | number,
  bonusPoints: string | number,
  professional: string,
  email: string,
  cpf: string | null,
  store: string,
  cnpj: string,
  created: string,
  id?: string,
  createdKey?: string,
];

/**
 * Every specification (invoice) matching the filters, in creation order. Plain rows straight from the driver, dates
 * formatted by PostgreSQL: a million rows stream without a million mapped objects. On PostgreSQL one cursor reads
 * them (one plan, so the joins are hashed once), and the CSV file is PostgreSQL's own COPY of them; on PGlite, keyset
 * batches (a cursor would hold its one connection).
 */
export function specificationsSheet(db: Db, where: SQL | undefined, { cursor, copyCsv }: LongReads): ExportSheet {
  const hundredths = (value: string | number) => fromHundredths(Number(value));
  // The rows are joined and sorted in a subquery, and their dates written as text only above it, as each row leaves
  // the sort: the sort must end before the first row does, and formatting the dates inside it kept PostgreSQL about a
  // second longer from its first row (at 1,000,000 rows) while the API waited. `offset 0` keeps the planner from
  // merging the two levels back into one. The keyset's columns (id, created_key) only where batches start after a
  // key: a cursor reads on without them.
  const joined = (conditions: SQL | undefined) => sql`from ${invoices}
      join ${professionals} on ${professionals.id} = ${invoices.professionalId}
      join ${stores} on ${stores.id} = ${invoices.storeId}
      ${conditions ? sql`where ${conditions}` : sql``}
      order by ${invoices.createdAt}, ${invoices.id}`;
  const issuedOn = (value: SQL) => sql`to_char(${value}, 'DD/MM/YYYY')`;
  const created = (value: SQL) => sql`to_char(${value} at time zone 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI:SS')`;
  const select = (conditions: SQL | undefined, limit: SQL, keyed: boolean) => sql`
    select ${issuedOn(sql`rows.issued_on`)} as issued_on, rows.number, rows.series, rows.status, rows.total,
      rows.points, rows.bonus_points, rows.professional, rows.email, rows.cpf, rows.store, rows.cnpj,
      ${created(sql`rows.created_at`)} as created
      ${keyed ? sql`, rows.id, rows.created_at::text as created_key` : sql``}
    from (
      select ${invoices.issuedOn} as issued_on, ${invoices.number} as number, ${invoices.series} as series,
        ${invoices.status} as status, ${invoices.total} as total, ${invoices.points} as points,
        ${invoices.bonusPoints} as bonus_points, ${professionals.name} as professional,
        ${professionals.email} as email, ${professionals.cpf} as cpf, ${stores.name} as store, ${stores.cnpj} as cnpj,
        ${invoices.createdAt} as created_at, ${invoices.id} as id
      ${joined(conditions)}
      ${limit} offset 0
    ) rows
    order by rows.created_at, rows.id`;
  // The same cells as `toCells` gives the CSV writer, written by PostgreSQL: the documents laid out by slicing, as
  // formatCpf and formatCnpj lay out a stored one. Here the cells are written below the sort, where PostgreSQL's
  // parallel workers share them (COPY may use them, a cursor may not): above it, the leader alone formatted a
  // million rows for 3.3 s after the workers had joined and sorted them in 1.8 s.
  const status = sql`case ${invoices.status} ${sql.join(
    Object.entries(statusNames).map(([value, name]) => sql`when ${value} then ${name}`),
    sql` `,
  )} end`;
  const cpf = sql`case when length(${professionals.cpf}) = 11 then substr(${professionals.cpf}, 1, 3) || '.' ||
    substr(${professionals.cpf}, 4, 3) || '.' || substr(${professionals.cpf}, 7, 3) || '-' ||
    substr(${professionals.cpf}, 10) else ${professionals.cpf} end`;
  const cnpj = sql`case when length(${stores.cnpj}) = 14 then substr(${stores.cnpj}, 1, 2) || '.' ||
    substr(${stores.cnpj}, 3, 3) || '.' || substr(${stores.cnpj}, 6, 3) || '/' || substr(${stores.cnpj}, 9, 4) || '-' ||
    substr(${stores.cnpj}, 13) else ${stores.cnpj} end`;
  const csvCells = sql`
    select ${issuedOn(sql`${invoices.issuedOn}`)} as issued_on, ${sqlCell.text(sql`${invoices.number}`)} as number,
      ${sqlCell.text(sql`${invoices.series}`)} as series, ${status} as status,
      ${sqlCell.hundredths(sql`${invoices.total}`)} as total, ${sqlCell.hundredths(sql`${invoices.points}`)} as points,
      ${sqlCell.hundredths(sql`${invoices.bonusPoints}`)} as bonus_points,
      ${sqlCell.text(sql`${professionals.name}`)} as professional, ${sqlCell.text(sql`${professionals.email}`)} as email,
      ${cpf} as cpf, ${sqlCell.text(sql`${stores.name}`)} as store, ${cnpj} as cnpj,
      ${created(sql`${invoices.createdAt}`)} as created
    ${joined(where)}`;
  const quoted = [
    'issued_on',
    'number',
    'series',
    'status',
    'professional',
    'email',
    'cpf',
    'store',
    'cnpj',
    'created',
  ];
  const toCells = (row: SpecificationRow): Cell[] => [
    row[0],
    row[1],
    row[2],
    statusNames[row[3]],
    hundredths(row[4]),
    hundredths(row[5]),
    hundredths(row[6]),
    row[7],
    row[8],
    row[9] && formatCpf(row[9]),
    row[10],
    formatCnpj(row[11]),
    row[12],
  ];
  const rows = cursor
    ? cells(cursor(select(where, sql``, false), CURSOR_BATCH) as AsyncIterable<SpecificationRow[]>, toCells)
    : batches<SpecificationRow, { createdAt: string; id: string }>(
        async (after) => {
          const keyset = after
            ? sql`(${invoices.createdAt}, ${invoices.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined;
          const page = rowsOf<Record<string, unknown>>(
            await db.execute(select(and(where, keyset), sql`limit ${BATCH}`, true)),
          );
          // The driver's keyed rows, as the cursor's arrays: their keys come in the select's order.
          return page.map((row) => Object.values(row) as SpecificationRow);
        },
        (row) => ({ createdAt: row[14] as string, id: row[13] as string }),
        toCells,
      );
  return {
    name: 'Especificações',
    csvRows: copyCsv ? copyCsv(csvCells, { delimiter: ';', quoted }) : undefined,
    columns: [
      'Data de emissão',
      'Número',
      'Série',
      'Situação',
      'Valor (R$)',
      'Pontos',
      'Pontos de acelerador',
      'Profissional',
      'E-mail',
      'CPF',
      'Loja',
      'CNPJ',
      'Enviada em',
    ],
    rows,
  };
}

/**
 * How many specifications match the filters: the total of a large export's progress; with `atMost`, counted up to
 * that many only (whether an export streams or becomes a task). Every invoice has its professional and its store
 * (non-null foreign keys): they are joined only when `where` names their columns (a search by name), since hashing a
 * million professionals took most of a large count's time.
 */
export async function specificationsCount(
  db: Db,
  where: SQL | undefined,
  atMost?: number,
  { joined = true }: { joined?: boolean } = {},
): Promise<number> {
  const matching = sql`
      select 1 from ${invoices}
      ${
        joined
          ? sql`join ${professionals} on ${professionals.id} = ${invoices.professionalId}
      join ${stores} on ${stores.id} = ${invoices.storeId}`
          : sql``
      }
      ${where ? sql`where ${where}` : sql``}
      ${atMost === undefined ? sql`` : sql`limit ${atMost}`}`;
  const [row] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from (${matching}) m`));
  return row?.total ?? 0;
}

export function storeUsersSheet(db: Db): ExportSheet {
  type Row = {
    id: string;
    name: string;
    email: string;
    cpf: string | null;
    cellphone: string | null;
    type: keyof typeof typeNames;
    active: boolean;
    store: string;
    cnpj: string;
    points: string;
  };
  return {
    name: 'Usuários das lojas',
    columns: ['Nome', 'E-mail', 'CPF', 'Celular', 'Tipo', 'Situação', 'Loja', 'CNPJ', 'Pontos'],
    rows: batches<Row, string>(
      async (after) =>
        rowsOf<Row>(
          await db.execute(sql`
            select u.id, u.name, u.email, u.cpf, u.cellphone, u.shopkeeper_type as type, u.active, s.name as store,
              s.cnpj, (select coalesce(sum(amount), 0) from ledger_entries l
                       where l.participant_kind = 'shopkeeper' and l.participant_id = u.id) as points
            from ${storeUsers} u join ${stores} s on s.id = u.store_id
            where ${after ? sql`u.id > ${after}` : sql`true`}
            order by u.id limit ${BATCH}`),
        ),
      (row) => row.id,
      (row) => [
        row.name,
        row.email,
        row.cpf && formatCpf(row.cpf),
        row.cellphone,
        typeNames[row.type],
        row.active ? 'Ativo' : 'Inativo',
        row.store,
        formatCnpj(row.cnpj),
        fromHundredths(row.points),
      ],
    ),
  };
}

/** A whole ranking, in its order, read a page of 5,000 at a time. */
export function rankingSheet(db: Db, name: string, entity: RankedEntity, _period: Period, detail: string): ExportSheet {
  type Row = { id: string; name: string; detail: string | null; earned: string; reached_at: string };
  let position = 0;
  return {
    name,
    columns: ['Posição', 'Nome', detail, 'Pontos', 'Alcançados em'],
    rows: batches<Row, number>(
      async (after) =>
        rowsOf<Row>(
          await db.execute(sql`
            select pt.participant_id::text as id, ${entity.name} as name, ${entity.detail} as detail, pt.earned,
              pt.reached_at from (${entity.points}) pt ${entity.join} where ${entity.filter}
            order by pt.earned desc, pt.reached_at, pt.participant_id limit ${BATCH} offset ${after ?? 0}`),
        ),
      () => position,
      (row) => [
        ++position,
        row.name,
        row.detail,
        fromHundredths(row.earned),
        saoPauloTimeCell(new Date(row.reached_at)),
      ],
    ),
  };
}

export function socialMediaSheet(db: Db): ExportSheet {
  type Row = typeof professionals.$inferSelect;
  return {
    name: 'Redes sociais',
    columns: ['Nome', 'E-mail', 'Profissão', 'Instagram', 'Facebook', 'Behance', 'Pinterest'],
    rows: batches<Row, string>(
      (after) =>
        db
          .select()
          .from(professionals)
          .where(and(socialMediaFilter, after ? gt(professionals.id, after) : undefined))
          .orderBy(asc(professionals.id))
          .limit(BATCH),
      (row) => row.id,
      (row) => [
        row.name,
        row.email,
        row.profession,
        row.socialMedia?.instagram ?? null,
        row.socialMedia?.facebook ?? null,
        row.socialMedia?.behance ?? null,
        row.socialMedia?.pinterest ?? null,
      ],
    ),
  };
}

/** Professionals who gave at least one social network. */
export const socialMediaFilter = sql`exists (select 1 from jsonb_each_text(coalesce(${professionals.socialMedia}, '{}'::jsonb)) kv
  where kv.value <> '')`;

async function* once<T>(rows: T[]) {
  yield rows;
}

/** The sheet of one of the dashboard's downloads. */
export function exportSheetOf(
  db: Db,
  longReads: LongReads,
  query: ExportQuery,
  now: Date,
): ExportSheet | Promise<ExportSheet> {
  const period = periodOf(query, now);
  const sheets: Record<ExportQuery['key'], () => ExportSheet | Promise<ExportSheet>> = {
    specifications: () => specificationsSheet(db, specificationFilters(query), longReads),
    'store-users': () => storeUsersSheet(db),
    'professionals-ranking': () =>
      rankingSheet(db, 'Ranking de profissionais', professionalsRanked(period), period, 'Detalhe'),
    'stores-ranking': () => rankingSheet(db, 'Ranking de lojas', storesRanked(period), period, 'CNPJ'),
    'sellers-ranking': () => rankingSheet(db, 'Ranking de vendedores', sellersRanked(period), period, 'Loja'),
    'users-with-social-media': () => socialMediaSheet(db),
    dashboard: async () => {
      const { kpis, series } = await cmsDashboard(db, now);
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
  return sheets[query.key]();
}

/** The specifications' filters and search (invoice number, professional, store). */
export const specificationsSearch = (query: SpecificationsQuery) =>
  and(specificationFilters(query), searchAny(query.search, [invoices.number, professionals.name, stores.name]));

export function specificationsPage(db: Db, where: SQL | undefined, query: SpecificationsQuery) {
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
}

export function socialMediaPage(db: Db, query: SocialMediaQuery) {
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
}
