import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { adminUsers, professionals, stores, storeUsers } from '../../db/schema';
import { cycleYear } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';

interface Totals {
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

/** The CMS overview: invoices by status, points in and out in the cycle, and 12 months for the charts. */
export async function dashboardKpis(db: Db, now: Date) {
  const year = cycleYear(now);
  const cycleStart = new Date(`${year}-01-01T00:00:00-03:00`).toISOString();
  const [totals] = rowsOf<Totals>(
    await db.execute(sql`
      select
        (select count(*) from invoices where status = 'pending')::int as pending,
        (select count(*) from invoices where status = 'approved')::int as approved,
        (select count(*) from invoices where status = 'rejected')::int as rejected,
        (select count(*) from invoices where status = 'cancelled')::int as cancelled,
        (select coalesce(sum(total), 0) from invoices
          where status = 'approved' and issued_on >= ${`${year}-01-01`}::date) as specified,
        (select coalesce(sum(earned), 0) from cycle_points where cycle_year = ${year}) as earned,
        (select coalesce(-sum(amount), 0) - coalesce((select sum(amount) from ledger_entries
            where kind = 'reversal' and amount > 0 and source_type = 'experience' and created_at >= ${cycleStart}), 0)
          from ledger_entries where kind = 'redemption' and created_at >= ${cycleStart}) as redeemed,
        (select coalesce(-sum(amount), 0) from ledger_entries where kind = 'expiry' and created_at >= ${cycleStart}) as expired,
        (select coalesce(sum(amount), 0) from ledger_entries) as outstanding,
        (select count(*) from cycle_points where cycle_year = ${year} and participant_kind = 'professional'
          and earned > 0)::int as with_points,
        (select count(*) from experience_subscriptions where status = 'subscribed')::int as subscriptions`),
  );
  const months = rowsOf<{
    month: string;
    invoices: number;
    approved: number;
    amount: string;
    points: string;
    redeemed: string;
    expired: string;
  }>(
    await db.execute(sql`
      with months as (
        select to_char(date_trunc('month', (${now.toISOString()}::timestamptz at time zone 'UTC' - interval '3 hours'))
          - make_interval(months => n), 'YYYY-MM') as month
        from generate_series(0, 11) n
      ),
      specified as (
        select m.month, count(i.id)::int as invoices,
          (count(i.id) filter (where i.status = 'approved'))::int as approved,
          coalesce(sum(i.total) filter (where i.status = 'approved'), 0) as amount,
          coalesce(sum(i.points + i.bonus_points) filter (where i.status = 'approved'), 0) as points
        from months m
        left join invoices i on to_char(i.issued_on, 'YYYY-MM') = m.month
          and i.issued_on >= (${now.toISOString()}::timestamptz - interval '13 months')::date
        group by m.month
      ),
      spent as (
        -- Redemptions net of the refunds of cancelled subscriptions, and expiries, by month in Brasília time.
        select to_char(l.created_at at time zone 'UTC' - interval '3 hours', 'YYYY-MM') as month,
          coalesce(-sum(l.amount) filter (where l.kind = 'redemption'), 0)
            - coalesce(sum(l.amount) filter (where l.kind = 'reversal' and l.amount > 0
                and l.source_type = 'experience'), 0) as redeemed,
          coalesce(-sum(l.amount) filter (where l.kind = 'expiry'), 0) as expired
        from ledger_entries l
        where l.kind in ('redemption', 'reversal', 'expiry')
          and l.created_at >= ${now.toISOString()}::timestamptz - interval '13 months'
        group by 1
      )
      select s.month, s.invoices, s.approved, s.amount, s.points,
        coalesce(p.redeemed, 0) as redeemed, coalesce(p.expired, 0) as expired
      from specified s left join spent p on p.month = s.month
      order by s.month`),
  );
  return {
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

/** The CMS dashboard: how many professionals, stores, shopkeepers and admins, and the KPIs. */
export async function cmsDashboard(db: Db, now: Date) {
  const [professionalCount, storeCount, shopkeeperCount, adminCount, kpis] = await Promise.all([
    db.$count(professionals),
    db.$count(stores),
    db.$count(storeUsers),
    db.$count(adminUsers),
    dashboardKpis(db, now),
  ]);
  return {
    professionals: professionalCount,
    stores: storeCount,
    shopkeepers: shopkeeperCount,
    admins: adminCount,
    ...kpis,
  };
}
