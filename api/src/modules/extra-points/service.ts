import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affectedRows, rowsOf } from '../../db/rows';
import { extraPointCampaigns } from '../../db/schema';
import { formatPoints } from '../../domain/points';
import { fail } from '../../kernel/errors';

// Campaign grants are set-based: giving a campaign to 100,000 professionals is one statement that inserts the
// grants, their ledger entries and their notifications together (data-modifying CTEs), not a loop of requests.

export type Campaign = typeof extraPointCampaigns.$inferSelect;

export async function findCampaign(db: Db, id: string): Promise<Campaign> {
  const [campaign] = await db.select().from(extraPointCampaigns).where(eq(extraPointCampaigns.id, id));
  if (!campaign) throw fail.notFound('Campanha de pontos extras não encontrada.');
  return campaign;
}

/** A campaign gives points only while active and inside its period (domain: extra points). */
export function refuseClosed(campaign: Campaign, now: Date, audience: Campaign['audience']) {
  if (campaign.audience !== audience) {
    throw fail.invalid(
      audience === 'professional'
        ? 'Esta campanha é para lojistas: conceda-a a lojas.'
        : 'Esta campanha é para profissionais: conceda-a a profissionais.',
      'campaign-audience',
    );
  }
  if (!campaign.active || now < campaign.startsAt || now >= campaign.endsAt) {
    throw fail.invalid('Esta campanha não está ativa no período de hoje.', 'campaign-closed');
  }
}

/** The secret of a campaign's QR code: 24 random characters, so that knowing a campaign's id takes nothing. */
export const newQrCode = () => randomBytes(18).toString('base64url');

/** Compares a scanned code with the campaign's in constant time (hashes: equal lengths whatever was typed). */
export function sameSecret(expected: string, given: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

const reasonOf = (campaign: Campaign) => `Pontos extras: ${campaign.name}`;

function notice(campaign: Campaign) {
  return {
    title: 'Pontos extras creditados',
    message: `Você ganhou ${formatPoints(campaign.amount)} pontos extras da campanha ${campaign.name}.`,
    data: JSON.stringify({ campaignId: campaign.id, points: campaign.amount / 100 }),
  };
}

/**
 * Grants the campaign to the given participants (`who` selects participant_kind, participant_id and store_id);
 * those who already had it, ever, are skipped. Returns how many got it now.
 */
export async function grant(
  tx: Db,
  campaign: Campaign,
  who: ReturnType<typeof sql>,
  via: 'admin' | 'store' | 'qrcode',
  issuer: string,
): Promise<number> {
  const note = notice(campaign);
  const result = await tx.execute(sql`
    with candidates as (${who}),
    granted as (
      insert into extra_point_grants (campaign_id, participant_kind, participant_id, store_id, via, granted_by)
      select ${campaign.id}, c.participant_kind, c.participant_id, c.store_id, ${via}, ${issuer} from candidates c
      order by c.participant_kind, c.participant_id
      on conflict (campaign_id, participant_kind, participant_id) do nothing
      returning participant_kind, participant_id
    ),
    credited as (
      insert into ledger_entries (participant_kind, participant_id, amount, kind, source_type, source_id, issuer, reason)
      select g.participant_kind, g.participant_id, ${campaign.amount}, 'extra', 'extra-point', ${campaign.id},
             ${issuer}, ${reasonOf(campaign)}
      from granted g
      on conflict do nothing
      returning participant_id
    ),
    notified as (
      insert into notifications (recipient_kind, recipient_id, type, title, message, data)
      select g.participant_kind::text::recipient_kind, g.participant_id, 'extra-points', ${note.title}, ${note.message},
             ${note.data}::jsonb
      from granted g
      returning 1
    )
    select (select count(*) from granted)::int as granted, (select count(*) from credited)::int as credited,
           (select count(*) from notified)::int as notified`);
  const [counts] = rowsOf<{ granted: number; credited: number }>(result);
  return Number(counts?.granted ?? 0);
}

/** Takes the campaign back from the grants `which` selects (by id): each gets a reversal of the campaign's points. */
export async function revoke(
  tx: Db,
  campaign: Campaign,
  which: ReturnType<typeof sql>,
  issuer: string,
  reason: string,
): Promise<number> {
  const result = await tx.execute(sql`
    with removed as (
      update extra_point_grants g set status = 'removed', removed_at = now(), reason = ${reason}
      where g.campaign_id = ${campaign.id} and g.status = 'granted' and g.id in (${which})
      returning g.participant_kind, g.participant_id
    )
    insert into ledger_entries (participant_kind, participant_id, amount, kind, source_type, source_id, issuer, reason)
    select r.participant_kind, r.participant_id, ${-campaign.amount}, 'reversal', 'extra-point', ${campaign.id},
           ${issuer}, ${`${reasonOf(campaign)} (removidos: ${reason})`}
    from removed r
    order by r.participant_kind, r.participant_id
    on conflict do nothing`);
  return affectedRows(result);
}

/** The professionals of `ids` who may earn (not blocked), as grant candidates. */
export function professionalsIn(ids: readonly string[]) {
  return sql`
    select 'professional'::participant_kind as participant_kind, p.id as participant_id, null::uuid as store_id
    from professionals p
    where p.id in (select distinct value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
      and p.behaviour <> 'blocked'`;
}

/** The active users of a store, as grant candidates. */
export function shopkeepersOf(storeId: string) {
  return sql`
    select 'shopkeeper'::participant_kind as participant_kind, u.id as participant_id, u.store_id
    from store_users u where u.store_id = ${storeId} and u.active`;
}

/** The active users of the given stores, as grant candidates. */
export function shopkeepersOfStores(storeIds: readonly string[]) {
  return sql`
    select 'shopkeeper'::participant_kind as participant_kind, u.id as participant_id, u.store_id
    from store_users u
    where u.store_id in (select distinct value::uuid from jsonb_array_elements_text(${JSON.stringify(storeIds)}::jsonb))
      and u.active`;
}
