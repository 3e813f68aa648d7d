import { type campaignsQuerySchema, extraPointMessages, type grantSorts } from '@especifica/mf-shared/contracts';
import { and, asc, count, desc, eq, gt, lte, notExists, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client';
import { outer } from '../../db/rows';
import {
  extraPointCampaigns,
  extraPointGrants,
  extraPointStores,
  professionals,
  stores,
  storeUsers,
} from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import { batches, type Cell, type ExportSheet } from '../../files/export';
import { fail } from '../../kernel/errors';
import { countOf, type ListPageQuery, listPage } from '../../kernel/list';
import { searchAny } from '../../kernel/search';
import type { Participant } from '../ledger';

export interface GrantFilters extends ListPageQuery<(typeof grantSorts)[number]> {
  type?: 'professional' | 'shopkeeper';
  campaignId?: string;
  status?: 'granted' | 'removed';
  /** Dates (YYYY-MM-DD) of the programme's time zone, both inclusive. */
  from?: string;
  to?: string;
}

const name = sql<string>`coalesce(${professionals.name}, ${storeUsers.name}, '')`;
const email = sql<string>`coalesce(${professionals.email}, ${storeUsers.email}, '')`;
const document = sql<string>`coalesce(${professionals.cpf}, ${storeUsers.cpf}, '')`;

function grantRows(db: Db) {
  return db
    .select({
      grant: extraPointGrants,
      campaignName: extraPointCampaigns.name,
      amount: extraPointCampaigns.amount,
      name,
      email,
      document,
      storeName: stores.name,
      // created_at at full (microsecond) precision: the key of the export's next batch.
      createdKey: sql<string>`${extraPointGrants.createdAt}::text`,
    })
    .from(extraPointGrants)
    .innerJoin(extraPointCampaigns, eq(extraPointCampaigns.id, extraPointGrants.campaignId))
    .leftJoin(
      professionals,
      and(eq(extraPointGrants.participantKind, 'professional'), eq(professionals.id, extraPointGrants.participantId)),
    )
    .leftJoin(
      storeUsers,
      and(eq(extraPointGrants.participantKind, 'shopkeeper'), eq(storeUsers.id, extraPointGrants.participantId)),
    )
    .leftJoin(stores, eq(stores.id, extraPointGrants.storeId))
    .$dynamic();
}
type GrantRow = Awaited<ReturnType<typeof grantRows>>[number];

/** The conditions of the history's filters; the period is of days in America/Sao_Paulo. */
function grantConditions(query: GrantFilters): (SQL | undefined)[] {
  return [
    query.type ? eq(extraPointGrants.participantKind, query.type) : undefined,
    query.campaignId ? eq(extraPointGrants.campaignId, query.campaignId) : undefined,
    query.status ? eq(extraPointGrants.status, query.status) : undefined,
    query.from
      ? sql`${extraPointGrants.createdAt} >= (${query.from}::date)::timestamp at time zone 'America/Sao_Paulo'`
      : undefined,
    query.to
      ? sql`${extraPointGrants.createdAt} < (${query.to}::date + 1)::timestamp at time zone 'America/Sao_Paulo'`
      : undefined,
  ];
}

const searched = [name, email, extraPointCampaigns.name];

const grantOut = (row: GrantRow) => ({
  id: row.grant.id,
  campaign: { id: row.grant.campaignId, name: row.campaignName },
  participant: { kind: row.grant.participantKind, id: row.grant.participantId, name: row.name, email: row.email },
  store: row.grant.storeId ? { id: row.grant.storeId, name: row.storeName ?? '' } : null,
  points: fromHundredths(row.amount),
  status: row.grant.status,
  via: row.grant.via as 'admin' | 'store' | 'qrcode',
  reason: row.grant.reason,
  createdAt: row.grant.createdAt.toISOString(),
  removedAt: row.grant.removedAt?.toISOString() ?? null,
});

/** Campaign grants with whose they are: the extra points history pages and a campaign's members. */
export async function grantsPage(db: Db, query: GrantFilters, extra?: SQL) {
  const from = () => grantRows(db);
  return listPage(
    query,
    {
      rows: from(),
      count: countOf(db, from),
      where: [extra, ...grantConditions(query)],
      search: searched,
      order: [desc(extraPointGrants.createdAt), desc(extraPointGrants.id)],
      sortable: { name, points: extraPointCampaigns.amount, createdAt: extraPointGrants.createdAt },
      id: extraPointGrants.id,
    },
    grantOut,
  );
}

const BATCH = 5_000;
const viaNames = { admin: 'Administração', store: 'Loja', qrcode: 'QR code' } as const;
const statusNames = { granted: 'Concedido', removed: 'Removido' } as const;
const at = (date: Date | null) => date?.toISOString() ?? null;

/** Every grant the history's filters select, newest first, read in keyset batches: exported whole, never capped. */
export function grantsSheet(db: Db, query: GrantFilters): ExportSheet {
  const where = and(...grantConditions(query), searchAny(query.search, searched));
  const toCells = (row: GrantRow): Cell[] => [
    at(row.grant.createdAt),
    row.campaignName,
    row.grant.participantKind === 'professional' ? 'Profissional' : 'Lojista',
    row.name,
    row.email,
    row.document,
    row.storeName,
    fromHundredths(row.amount),
    statusNames[row.grant.status],
    viaNames[row.grant.via as keyof typeof viaNames] ?? row.grant.via,
    row.grant.reason,
    at(row.grant.removedAt),
  ];
  return {
    name: 'Pontos extras',
    columns: [
      'Data',
      'Campanha',
      'Tipo',
      'Nome',
      'E-mail',
      'CPF',
      'Loja',
      'Pontos',
      'Situação',
      'Origem',
      'Motivo',
      'Removido em',
    ],
    rows: batches<GrantRow, { createdAt: string; id: string }>(
      (after) =>
        grantRows(db)
          .where(
            and(
              where,
              after
                ? sql`(${extraPointGrants.createdAt}, ${extraPointGrants.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(desc(extraPointGrants.createdAt), desc(extraPointGrants.id))
          .limit(BATCH),
      (row) => ({ createdAt: row.createdKey, id: row.grant.id }),
      toCells,
    ),
  };
}

const grantedCount = sql<number>`(select count(*) from ${extraPointGrants} g
  where g.campaign_id = ${outer(extraPointCampaigns.id)} and g.status = 'granted')::int`;

const campaignColumns = () => ({
  id: extraPointCampaigns.id,
  name: extraPointCampaigns.name,
  description: extraPointCampaigns.description,
  amount: extraPointCampaigns.amount,
  audience: extraPointCampaigns.audience,
  startsAt: extraPointCampaigns.startsAt,
  endsAt: extraPointCampaigns.endsAt,
  active: extraPointCampaigns.active,
  qrCode: extraPointCampaigns.qrCode,
  createdAt: extraPointCampaigns.createdAt,
  updatedAt: extraPointCampaigns.updatedAt,
  granted: grantedCount,
});

type CampaignRow = typeof extraPointCampaigns.$inferSelect;

const campaignOut = (row: Omit<CampaignRow, 'updatedAt'> & { granted: number }) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  points: fromHundredths(row.amount),
  audience: row.audience,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  active: row.active,
  granted: Number(row.granted),
  qrCode: row.qrCode,
  createdAt: row.createdAt.toISOString(),
});

/** One campaign as the CMS shows it, with how many hold its points. */
export async function campaignById(db: Db, id: string) {
  const [row] = await db.select(campaignColumns()).from(extraPointCampaigns).where(eq(extraPointCampaigns.id, id));
  if (!row) throw fail.notFound(extraPointMessages.notFound);
  return campaignOut(row);
}

/** A page of campaigns for the CMS. */
export function campaignsPage(db: Db, query: z.infer<typeof campaignsQuerySchema>) {
  return listPage(
    query,
    {
      rows: db.select(campaignColumns()).from(extraPointCampaigns).$dynamic(),
      count: db.select({ total: count() }).from(extraPointCampaigns).$dynamic(),
      where: [
        query.active !== undefined ? eq(extraPointCampaigns.active, query.active) : undefined,
        query.audience ? eq(extraPointCampaigns.audience, query.audience) : undefined,
      ],
      search: [extraPointCampaigns.name],
      order: [desc(extraPointCampaigns.startsAt), extraPointCampaigns.id],
      sortable: {
        name: extraPointCampaigns.name,
        startsAt: extraPointCampaigns.startsAt,
        endsAt: extraPointCampaigns.endsAt,
        points: extraPointCampaigns.amount,
        createdAt: extraPointCampaigns.createdAt,
      },
      id: extraPointCampaigns.id,
    },
    campaignOut,
  );
}

/** The campaigns open to a participant now (active, running, of their audience, not taken yet), soonest end first. */
export async function openCampaignsFor(db: Db, me: Participant, now: Date, shown: number) {
  const open = and(
    eq(extraPointCampaigns.audience, me.kind),
    eq(extraPointCampaigns.active, true),
    lte(extraPointCampaigns.startsAt, now),
    gt(extraPointCampaigns.endsAt, now),
    notExists(
      db
        .select({ one: sql`1` })
        .from(extraPointGrants)
        .where(
          and(
            eq(extraPointGrants.campaignId, extraPointCampaigns.id),
            eq(extraPointGrants.participantKind, me.kind),
            eq(extraPointGrants.participantId, me.id),
          ),
        ),
    ),
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        id: extraPointCampaigns.id,
        name: extraPointCampaigns.name,
        amount: extraPointCampaigns.amount,
        endsAt: extraPointCampaigns.endsAt,
      })
      .from(extraPointCampaigns)
      .where(open)
      .orderBy(asc(extraPointCampaigns.endsAt), asc(extraPointCampaigns.name))
      .limit(shown),
    db.$count(extraPointCampaigns, open),
  ]);
  return { rows, total };
}

/** Whether the participant already took the campaign. */
export async function hasTaken(db: Db, me: Participant, campaignId: string) {
  const taken = await db.$count(
    extraPointGrants,
    and(
      eq(extraPointGrants.campaignId, campaignId),
      eq(extraPointGrants.participantKind, me.kind),
      eq(extraPointGrants.participantId, me.id),
    ),
  );
  return taken > 0;
}

/** The stores a shopkeepers' campaign was given to, with how many of their shopkeepers hold the points. */
export function campaignStoresPage(db: Db, campaignId: string, query: ListPageQuery<'name' | 'createdAt'>) {
  return listPage(
    query,
    {
      rows: db
        .select({
          id: stores.id,
          name: stores.name,
          cnpj: stores.cnpj,
          status: extraPointStores.status,
          createdAt: extraPointStores.createdAt,
          shopkeepers: sql<number>`(select count(*) from ${extraPointGrants} g where g.campaign_id = ${outer(extraPointStores.campaignId)}
          and g.store_id = ${outer(stores.id)} and g.status = 'granted')::int`,
        })
        .from(extraPointStores)
        .innerJoin(stores, eq(stores.id, extraPointStores.storeId))
        .$dynamic(),
      count: db.select({ total: count() }).from(extraPointStores).$dynamic(),
      where: [eq(extraPointStores.campaignId, campaignId)],
      order: [stores.name],
      sortable: { name: stores.name, createdAt: extraPointStores.createdAt },
      id: stores.id,
    },
    (row) => ({ ...row, shopkeepers: Number(row.shopkeepers), createdAt: row.createdAt.toISOString() }),
  );
}
