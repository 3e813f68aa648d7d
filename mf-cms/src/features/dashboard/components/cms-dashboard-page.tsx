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

const people = ['professionals', 'stores', 'shopkeepers', 'admins'] as const;

function kpiFigures(data: CmsDashboard) {
  const { kpis } = data;
  return [
    { key: 'pending', value: kpis.invoices.pending.toLocaleString('pt-BR') },
    { key: 'approved', value: kpis.invoices.approved.toLocaleString('pt-BR') },
    { key: 'rejected', value: kpis.invoices.rejected.toLocaleString('pt-BR') },
    { key: 'specified', value: formatMoney(kpis.specifiedAmount) },
    { key: 'earned', value: formatPoints(kpis.pointsEarned) },
    { key: 'redeemed', value: formatPoints(kpis.pointsRedeemed) },
    { key: 'expired', value: formatPoints(kpis.pointsExpired) },
    { key: 'outstanding', value: formatPoints(kpis.pointsOutstanding) },
    { key: 'withPoints', value: kpis.professionalsWithPoints.toLocaleString('pt-BR') },
    { key: 'subscriptions', value: kpis.subscriptions.toLocaleString('pt-BR') },
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
              {people.map((key) => (
                <dl key={key} data-testid={`cms-${key}`}>
                  <dt>{t(`cms.${key}`)}</dt>
                  <dd>{data[key].toLocaleString('pt-BR')}</dd>
                </dl>
              ))}
            </div>
            <section aria-labelledby="cms-kpis">
              <h2 id="cms-kpis" {...part('heading')}>
                {t('cms.kpisTitle')}
              </h2>
              <div {...part('kpis', 'figures')}>
                {kpiFigures(data).map((figure) => (
                  <dl key={figure.key} data-testid={`kpi-${figure.key}`}>
                    <dt>{t(`cms.kpis.${figure.key}`)}</dt>
                    <dd>{figure.value}</dd>
                  </dl>
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
