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
import { Heading, SimpleGrid, Stack, Stat, useTranslation } from '@especifica/mf-shared/ui';
import { useEffect } from 'react';
import { cmsDashboardKeys, getCmsDashboard } from '../api/get-cms-dashboard';
import { MonthCharts, preloadMonthCharts } from './month-charts';

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
  useEffect(preloadMonthCharts, []);
  useEffect(tables.preload, []);
  return (
    <PageLayout title={t('cms.dashboardTitle')} width="wide">
      <QueryView query={query} loading={<LoadingState kind="cards" />}>
        {(data) => (
          <Stack gap="8">
            <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
              {people.map((key) => (
                <Stat.Root key={key} bg="card" p="5" borderRadius="card" boxShadow="sm" data-testid={`cms-${key}`}>
                  <Stat.Label>{t(`cms.${key}`)}</Stat.Label>
                  <Stat.ValueText fontSize="xxl">{data[key].toLocaleString('pt-BR')}</Stat.ValueText>
                </Stat.Root>
              ))}
            </SimpleGrid>
            <section aria-labelledby="cms-kpis">
              <Heading as="h2" id="cms-kpis" fontSize="lg" mb="4">
                {t('cms.kpisTitle')}
              </Heading>
              <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap="4">
                {kpiFigures(data).map((figure) => (
                  <Stat.Root
                    key={figure.key}
                    bg="card"
                    p="4"
                    borderRadius="card"
                    borderWidth="1px"
                    data-testid={`kpi-${figure.key}`}
                  >
                    <Stat.Label>{t(`cms.kpis.${figure.key}`)}</Stat.Label>
                    {/* Two cards a row at 390 px: a large programme's figures (R$ 1.234.567,89) wrap rather than leave the card. */}
                    <Stat.ValueText fontSize={{ base: 'lg', md: 'xl' }} overflowWrap="anywhere">
                      {figure.value}
                    </Stat.ValueText>
                  </Stat.Root>
                ))}
              </SimpleGrid>
            </section>
            <MonthCharts series={data.series} />
            <Deferred part={tables} props={{}} />
          </Stack>
        )}
      </QueryView>
    </PageLayout>
  );
}
