import type { grantSorts } from '@especifica/mf-shared/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { extraPointCampaigns, extraPointGrants, professionals, stores, storeUsers } from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import { countOf, type ListPageQuery, listPage } from '../../kernel/list';

export interface GrantFilters extends ListPageQuery<(typeof grantSorts)[number]> {
  type?: 'professional' | 'shopkeeper';
  campaignId?: string;
  status?: 'granted' | 'removed';
}

/** Campaign grants with whose they are: the extra points history pages and a campaign's members. */
export async function grantsPage(db: Db, query: GrantFilters, extra?: SQL) {
  const name = sql<string>`coalesce(${professionals.name}, ${storeUsers.name}, '')`;
  const email = sql<string>`coalesce(${professionals.email}, ${storeUsers.email}, '')`;
  const from = () =>
    db
      .select({
        grant: extraPointGrants,
        campaignName: extraPointCampaigns.name,
        amount: extraPointCampaigns.amount,
        name,
        email,
        storeName: stores.name,
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
  return listPage(
    query,
    {
      rows: from(),
      count: countOf(db, from),
      where: [
        extra,
        query.type ? eq(extraPointGrants.participantKind, query.type) : undefined,
        query.campaignId ? eq(extraPointGrants.campaignId, query.campaignId) : undefined,
        query.status ? eq(extraPointGrants.status, query.status) : undefined,
      ],
      search: [name, email, extraPointCampaigns.name],
      order: [desc(extraPointGrants.createdAt), desc(extraPointGrants.id)],
      sortable: { name, points: extraPointCampaigns.amount, createdAt: extraPointGrants.createdAt },
      id: extraPointGrants.id,
    },
    (row) => ({
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
    }),
  );
}
