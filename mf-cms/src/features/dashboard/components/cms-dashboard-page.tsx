import { formatPoints } from '@especifica/mf-shared';
import type { CmsDashboard } from '@especifica/mf-shared/contracts';
import {
  afterFirstScreen,
  Deferred,
  formatMoney,
  LoadingState,
  PageLayout,
  QueryView,
  useApiQuery,
} from '@especifica/mf-shared/kit';
import { RouterLink } from '@especifica/mf-shared/router';
import { partProps, usePartsClass, useTranslation } from '@especifica/mf-shared/ui';
import { useEffect } from 'react';
import { cmsDashboardKeys, getCmsDashboard } from '../api/get-cms-dashboard';
import { cmsDashboardParts } from './cms-dashboard.parts';
import { MonthCharts, preloadMonthCharts } from './month-charts';

const part = partProps(cmsDashboardParts);

/**
 * The lower part (the oldest pending invoices' table and the downloads) and the list's code it draws with are not
 * part of the first screen, which shows the figures' placeholders: asked for once it is shown, beside the
 * dashboard's reads, and drawn at once when it arrived while the figures were on their way.
 */
const tables = afterFirstScreen<object>(
  () => import('./dashboard-tables').then((module) => module.DashboardTables),
  () => <LoadingState kind="table" rows={5} />,
);

/** Each count of people opens its list. */
const people = [
  { key: 'professionals', to: '/cms/professionals' },
  { key: 'stores', to: '/cms/shopkeepers' },
  { key: 'shopkeepers', to: '/cms/shopkeepers/users' },
  { key: 'admins', to: '/cms/users' },
] as const;

/** The year of the cycle (São Paulo's calendar year, as the API counts it): its first day, `AAAA-01-01`. */
const cycleStart = (now = new Date()) =>
  `${new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(now)}-01-01`;

/** The points of the participants are read in the professionals' list, the most points first. */
const byPoints = '/cms/professionals?sort=-points';

/** Each KPI, and the list that shows what it counts, already filtered (the pending invoices: /invoices?status=pending). */
function kpiFigures(data: CmsDashboard) {
  const { kpis } = data;
  return [
    { key: 'pending', value: kpis.invoices.pending.toLocaleString('pt-BR'), to: '/invoices?status=pending' },
    { key: 'approved', value: kpis.invoices.approved.toLocaleString('pt-BR'), to: '/invoices?status=approved' },
    { key: 'rejected', value: kpis.invoices.rejected.toLocaleString('pt-BR'), to: '/invoices?status=rejected' },
    {
      key: 'specified',
      value: formatMoney(kpis.specifiedAmount),
      to: `/invoices?status=approved&from=${cycleStart()}`,
    },
    { key: 'earned', value: formatPoints(kpis.pointsEarned), to: '/cms/reports/professionals-ranking' },
    { key: 'redeemed', value: formatPoints(kpis.pointsRedeemed), to: '/cms/professionals/experiences' },
    { key: 'expired', value: formatPoints(kpis.pointsExpired), to: byPoints },
    { key: 'outstanding', value: formatPoints(kpis.pointsOutstanding), to: byPoints },
    {
      key: 'withPoints',
      value: kpis.professionalsWithPoints.toLocaleString('pt-BR'),
      to: '/cms/reports/professionals-ranking',
    },
    {
      key: 'subscriptions',
      value: kpis.subscriptions.toLocaleString('pt-BR'),
      to: '/cms/professionals/experiences',
    },
  ];
}

/**
 * The programme at a glance: people, the cycle's KPIs, the last 12 months in charts, the oldest invoices waiting for
 * review and the dashboard's data as files.
 */
export function CmsDashboardPage() {
  const { t } = useTranslation();
  const query = useApiQuery(cmsDashboardKeys.figures, getCmsDashboard, { silent: true });
  const parts = usePartsClass(cmsDashboardParts);
  useEffect(preloadMonthCharts, []);
  useEffect(tables.preload, []);
  return (
    <PageLayout title={t('cms.dashboardTitle')} width="wide">
      <QueryView query={query} loading={<LoadingState kind="cards" />}>
        {(data) => (
          <div className={parts}>
            <div {...part('people', 'figures')}>
              {people.map(({ key, to }) => (
                <RouterLink key={key} to={to}>
                  <dl data-testid={`cms-${key}`}>
                    <dt>{t(`cms.${key}`)}</dt>
                    <dd>{data[key].toLocaleString('pt-BR')}</dd>
                  </dl>
                </RouterLink>
              ))}
            </div>
            <section aria-labelledby="cms-kpis">
              <h2 id="cms-kpis" {...part('heading')}>
                {t('cms.kpisTitle')}
              </h2>
              <div {...part('kpis', 'figures')}>
                {kpiFigures(data).map((figure) => (
                  <RouterLink key={figure.key} to={figure.to}>
                    <dl data-testid={`kpi-${figure.key}`}>
                      <dt>{t(`cms.kpis.${figure.key}`)}</dt>
                      <dd>{figure.value}</dd>
                    </dl>
                  </RouterLink>
                ))}
              </div>
            </section>
            <MonthCharts series={data.series} />
            <Deferred part={tables} props={{}} />
          </div>
        )}
      </QueryView>
    </PageLayout>
  );
}
