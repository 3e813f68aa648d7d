import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { adminUsers, stores, storeUsers } from '../../db/schema';
import { cycleYear } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';

interface Totals {
  professionals: number;
  stores: number;
  shopkeepers: number;
  admins: number;
  pending: number;
  approved: number;
  rejected: number;
  cancelled: number;
  specified: string;
  earned: string;
  redeemed: string;
  expired: string;
  outstanding: string;
  with_points: number;
  subscriptions: number;
}

/**
 * The CMS dashboard: how many professionals, stores, shopkeepers and admins, invoices by status, points in and out in
 * the cycle, and 12 months for the charts. Two statements, run side by side.
 */
export async function cmsDashboard(db: Db, now: Date) {
  const year = cycleYear(now);
  const cycleStart = new Date(`${year}-01-01T00:00:00-03:00`).toISOString();
  // Every figure comes from a small table kept by triggers in the transaction that changes its source: people from
  // row_counts, invoices from invoice_months, earnings from cycle_totals. The ledger is read only for what earns
  // nothing, through its partial index (ledger_entries_not_earning_idx): the predicate below must stay the index's
  // own for PostgreSQL to use it.
  const notEarning = sql`(kind in ('redemption', 'expiry', 'adjustment') or (kind = 'reversal' and amount > 0))`;
  const [totalRows, monthRows] = await Promise.all([
    db.execute(sql`
      with by_status as (select status, sum(invoices) as n from invoice_months group by status)
      select
        coalesce((select rows from row_counts where table_name = 'professionals'), 0)::int as professionals,
        (select count(*) from ${stores})::int as stores,
        (select count(*) from ${storeUsers})::int as shopkeepers,
        (select count(*) from ${adminUsers})::int as admins,
        coalesce((select n from by_status where status = 'pending'), 0)::int as pending,
        coalesce((select n from by_status where status = 'approved'), 0)::int as approved,
        coalesce((select n from by_status where status = 'rejected'), 0)::int as rejected,
        coalesce((select n from by_status where status = 'cancelled'), 0)::int as cancelled,
        (select coalesce(sum(total), 0) from invoice_months
          where status = 'approved' and month >= ${`${year}-01-01`}::date) as specified,
        (select coalesce(sum(earned), 0) from cycle_totals where cycle_year = ${year}) as earned,
        (select coalesce(-sum(amount) filter (where kind = 'redemption'), 0)
            - coalesce(sum(amount) filter (where kind = 'reversal' and source_type = 'experience'), 0)
          from ledger_entries where ${notEarning} and created_at >= ${cycleStart}) as redeemed,
        (select coalesce(-sum(amount), 0) from ledger_entries
          where ${notEarning} and kind = 'expiry' and created_at >= ${cycleStart}) as expired,
        (select coalesce(sum(earned), 0) from cycle_totals)
          + (select coalesce(sum(amount), 0) from ledger_entries where ${notEarning}) as outstanding,
        coalesce((select earners from cycle_totals where cycle_year = ${year} and participant_kind = 'professional'),
          0)::int as with_points,
        (select count(*) from experience_subscriptions where status = 'subscribed')::int as subscriptions`),
    db.execute(sql`
      with months as (
        select (date_trunc('month', (${now.toISOString()}::timestamptz at time zone 'UTC' - interval '3 hours'))
          - make_interval(months => n))::date as month
        from generate_series(0, 11) n
      ),
      specified as (
        select m.month, coalesce(sum(i.invoices), 0)::int as invoices,
          coalesce(sum(i.invoices) filter (where i.status = 'approved'), 0)::int as approved,
          coalesce(sum(i.total) filter (where i.status = 'approved'), 0) as amount,
          coalesce(sum(i.points) filter (where i.status = 'approved'), 0) as points
        from months m
        left join invoice_months i on i.month = m.month
        group by m.month
      ),
      spent as (
        -- Redemptions net of the refunds of cancelled subscriptions, and expiries, by month in Brasília time.
        select date_trunc('month', created_at at time zone 'UTC' - interval '3 hours')::date as month,
          coalesce(-sum(amount) filter (where kind = 'redemption'), 0)
            - coalesce(sum(amount) filter (where kind = 'reversal' and source_type = 'experience'), 0) as redeemed,
          coalesce(-sum(amount) filter (where kind = 'expiry'), 0) as expired
        from ledger_entries
        where ${notEarning} and created_at >= ${now.toISOString()}::timestamptz - interval '13 months'
        group by 1
      )
      select to_char(s.month, 'YYYY-MM') as month, s.invoices, s.approved, s.amount, s.points,
        coalesce(p.redeemed, 0) as redeemed, coalesce(p.expired, 0) as expired
      from specified s left join spent p on p.month = s.month
      order by s.month`),
  ]);
  const [totals] = rowsOf<Totals>(totalRows);
  const months = rowsOf<{
    month: string;
    invoices: number;
    approved: number;
    amount: string;
    points: string;
    redeemed: string;
    expired: string;
  }>(monthRows);
  return {
    professionals: Number(totals?.professionals ?? 0),
    stores: Number(totals?.stores ?? 0),
    shopkeepers: Number(totals?.shopkeepers ?? 0),
    admins: Number(totals?.admins ?? 0),
    kpis: {
      invoices: {
        pending: Number(totals?.pending ?? 0),
        approved: Number(totals?.approved ?? 0),
        rejected: Number(totals?.rejected ?? 0),
        cancelled: Number(totals?.cancelled ?? 0),
      },
      specifiedAmount: fromHundredths(totals?.specified ?? 0),
      pointsEarned: fromHundredths(totals?.earned ?? 0),
      pointsRedeemed: fromHundredths(totals?.redeemed ?? 0),
      pointsExpired: fromHundredths(totals?.expired ?? 0),
      pointsOutstanding: fromHundredths(totals?.outstanding ?? 0),
      professionalsWithPoints: Number(totals?.with_points ?? 0),
      subscriptions: Number(totals?.subscriptions ?? 0),
    },
    series: months.map((month) => ({
      month: month.month,
      invoices: Number(month.invoices),
      approved: Number(month.approved),
      amount: fromHundredths(month.amount),
      points: fromHundredths(month.points),
      redeemed: fromHundredths(month.redeemed),
      expired: fromHundredths(month.expired),
    })),
  };
}
