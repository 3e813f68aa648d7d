import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { professionals, stores, storeUsers } from '../../db/schema';
import { extraPointCampaigns, extraPointGrants } from '../../db/schema-programme';
import { fromHundredths } from '../../domain/points';
import { offsetOf, pageAnswer } from '../../http/pagination';
import { containsPattern } from '../../http/search';

export interface GrantFilters {
  limit: number;
  page: number;
  search?: string;
  type?: 'professional' | 'shopkeeper';
  campaignId?: string;
  status?: 'granted' | 'removed';
}

/** Campaign grants with whose they are: the extra points history pages and a campaign's members. */
export async function grantsPage(db: Db, query: GrantFilters, extra?: SQL) {
  const name = sql<string>`coalesce(${professionals.name}, ${storeUsers.name}, '')`;
  const email = sql<string>`coalesce(${professionals.email}, ${storeUsers.email}, '')`;
  const conditions: (SQL | undefined)[] = [extra];
  if (query.type) conditions.push(eq(extraPointGrants.participantKind, query.type));
  if (query.campaignId) conditions.push(eq(extraPointGrants.campaignId, query.campaignId));
  if (query.status) conditions.push(eq(extraPointGrants.status, query.status));
  if (query.search?.trim()) {
    const pattern = containsPattern(query.search.trim());
    conditions.push(
      sql`(${name} ilike ${pattern} or ${email} ilike ${pattern} or ${extraPointCampaigns.name} ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
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
      .where(where);
  const [rows, [total]] = await Promise.all([
    from()
      .orderBy(desc(extraPointGrants.createdAt), desc(extraPointGrants.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
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
      .where(where),
  ]);
  const items = rows.map((row) => ({
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
  }));
  return pageAnswer(items, total?.total ?? 0, query);
}
