import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

// What must hold between the ledger and the records that point at it, whatever happened before. Tests assert that
// the list is empty after each case; an admin health check could run the same queries.
const checks: { rule: string; query: ReturnType<typeof sql> }[] = [
  {
    rule: 'cycle points equal the earnings summed from the ledger',
    query: sql`
      with earned as (
        select a.participant_kind, a.participant_id,
               programme_cycle_year(coalesce(o.created_at, a.created_at)) as cycle_year, sum(a.amount) as earned
        from ledger_entries a
        left join lateral (
          select e.created_at from ledger_entries e
          where a.kind = 'reversal' and e.source_type = a.source_type and e.source_id = a.source_id
            and e.kind in ('credit', 'bonus', 'extra')
            and e.participant_kind = a.participant_kind and e.participant_id = a.participant_id
          limit 1
        ) o on true
        where a.kind in ('credit', 'bonus', 'extra') or (a.kind = 'reversal' and a.amount < 0)
        group by 1, 2, 3
      )
      select coalesce(e.participant_id, c.participant_id)::text as id
      from earned e
      full join cycle_points c using (participant_kind, participant_id, cycle_year)
      where coalesce(e.earned, 0) <> coalesce(c.earned, 0)`,
  },
  {
    rule: 'no balance below zero unless a reversal took back points already spent',
    query: sql`
      select participant_id::text as id from ledger_entries
      group by participant_kind, participant_id
      having sum(amount) < 0 and count(*) filter (where kind = 'reversal' and amount < 0) = 0`,
  },
  {
    rule: 'an approved invoice holds exactly the points it shows; any other holds none',
    query: sql`
      select i.id::text as id from invoices i
      left join lateral (
        select coalesce(sum(l.amount) filter (where l.participant_kind = 'professional'), 0) as professional
        from ledger_entries l
        where (l.source_type = 'invoice' and l.source_id = i.id::text)
           or (l.source_type = 'invoice-bonus' and l.source_id like i.id::text || ':%')
      ) l on true
      where l.professional <> case when i.status = 'approved' then i.points + i.bonus_points else 0 end`,
  },
  {
    rule: 'the seats taken are the subscriptions held, never more than the seats',
    query: sql`
      select x.id::text as id from experiences x
      where x.seats_taken <> (select count(*) from experience_subscriptions s
                              where s.experience_id = x.id and s.status = 'subscribed')
         or x.seats_taken > x.seats`,
  },
  {
    rule: 'a subscription held has paid its cost once; a cancelled one was refunded',
    query: sql`
      select s.id::text as id from experience_subscriptions s
      where s.cost > 0 and (select coalesce(sum(l.amount), 0) from ledger_entries l
                            where l.source_type = 'experience' and l.source_id = s.id::text)
            <> case when s.status = 'subscribed' then -s.cost else 0 end`,
  },
  {
    rule: "a campaign grant holds the campaign's points; a removed one holds none",
    query: sql`
      select g.id::text as id from extra_point_grants g
      join extra_point_campaigns c on c.id = g.campaign_id
      where (select coalesce(sum(l.amount), 0) from ledger_entries l
             where l.source_type = 'extra-point' and l.source_id = g.campaign_id::text
               and l.participant_kind = g.participant_kind and l.participant_id = g.participant_id)
            <> case when g.status = 'granted' then c.amount else 0 end`,
  },
  {
    rule: "the dashboard's invoice months equal the invoices counted again",
    query: sql`
      with counted as (
        select date_trunc('month', issued_on)::date as month, status, count(*) as invoices, sum(total) as total,
          sum(points + bonus_points) as points
        from invoices group by 1, 2
      )
      select coalesce(c.month, m.month)::text || ' ' || coalesce(c.status, m.status)::text as id
      from counted c full join invoice_months m on m.month = c.month and m.status = c.status
      where coalesce(c.invoices, 0) <> coalesce(m.invoices, 0) or coalesce(c.total, 0) <> coalesce(m.total, 0)
         or coalesce(c.points, 0) <> coalesce(m.points, 0)`,
  },
  {
    rule: "the dashboard's cycle totals equal the cycle points summed again",
    query: sql`
      with counted as (
        select cycle_year, participant_kind, sum(earned) as earned, count(*) filter (where earned > 0) as earners
        from cycle_points group by 1, 2
      )
      select coalesce(c.cycle_year, t.cycle_year)::text || ' ' || coalesce(c.participant_kind, t.participant_kind)::text
        as id
      from counted c full join cycle_totals t on t.cycle_year = c.cycle_year and t.participant_kind = c.participant_kind
      where coalesce(c.earned, 0) <> coalesce(t.earned, 0) or coalesce(c.earners, 0) <> coalesce(t.earners, 0)`,
  },
  {
    rule: "a store's cycle points equal its shopkeepers' cycle points summed again",
    query: sql`
      with counted as (
        select u.store_id, c.cycle_year, sum(c.earned) as earned, max(c.reached_at) as reached_at
        from cycle_points c join store_users u on u.id = c.participant_id
        where c.participant_kind = 'shopkeeper' and c.earned > 0
        group by 1, 2
      )
      select coalesce(c.store_id, s.store_id)::text || ' ' || coalesce(c.cycle_year, s.cycle_year)::text as id
      from counted c full join store_cycle_points s on s.store_id = c.store_id and s.cycle_year = c.cycle_year
      where c.earned is distinct from s.earned or c.reached_at is distinct from s.reached_at`,
  },
  {
    rule: "the rankings' copy equals the cycle points, but for the cycles that wait for the refresh job",
    query: sql`
      select coalesce(c.participant_id, r.participant_id)::text as id
      from cycle_points c
      full join ranking_points r using (participant_kind, participant_id, cycle_year)
      where (c.earned, c.reached_at) is distinct from (r.earned, r.reached_at)
        and not exists (
          select 1 from ranking_points_pending p
          where p.participant_kind = coalesce(c.participant_kind, r.participant_kind)
            and p.participant_id = coalesce(c.participant_id, r.participant_id)
            and p.cycle_year = coalesce(c.cycle_year, r.cycle_year)
        )`,
  },
  {
    rule: "the dashboard's count of professionals equals the professionals counted again",
    query: sql`
      select 'professionals' as id
      where (select count(*) from professionals)
        <> coalesce((select rows from row_counts where table_name = 'professionals'), 0)`,
  },
];

/** Every broken rule with the ids that break it; empty when the ledger and its records agree. */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const check of checks) {
    const rows = rowsOf<{ id: string }>(await db.execute(check.query));
    if (rows.length > 0) found.push(`${check.rule}: ${rows.map((row) => row.id).join(', ')}`);
  }
  return found;
}
