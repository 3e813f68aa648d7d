import { formatPoints } from '@especifica/mf-shared';
import type { CmsDashboard, Invoice } from '@especifica/mf-shared/contracts';
import {
  EmptyResult,
  formatDate,
  formatMoney,
  LoadingState,
  PageLayout,
  QueryView,
  useApiQuery,
  useNarrow,
} from '@especifica/mf-shared/kit';
import { type Columns, DataTable } from '@especifica/mf-shared/list';
import { Heading, SimpleGrid, Stack, Stat, useTranslation } from '@especifica/mf-shared/ui';
import { useEffect } from 'react';
import { cmsDashboardKeys, getCmsDashboard, getOldestPending } from '../api/get-cms-dashboard';
import { DashboardDownloads } from './dashboard-downloads';
import { MonthCharts, preloadMonthCharts } from './month-charts';

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
            <OldestPending />
            <DashboardDownloads />
          </Stack>
        )}
      </QueryView>
    </PageLayout>
  );
}

function OldestPending() {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const query = useApiQuery(cmsDashboardKeys.oldestPending, getOldestPending, { silent: true });
  const columns: Columns<Invoice> = [
    { accessorKey: 'number', header: t('cms.invoiceNumber') },
    { id: 'store', header: t('cms.invoiceStore'), cell: ({ row }) => row.original.store.name },
    { id: 'professional', header: t('cms.invoiceProfessional'), cell: ({ row }) => row.original.professional.name },
    {
      accessorKey: 'total',
      header: t('cms.invoiceTotal'),
      cell: ({ row }) => formatMoney(row.original.total),
      meta: { numeric: true },
    },
    { accessorKey: 'createdAt', header: t('cms.invoiceSent'), cell: ({ row }) => formatDate(row.original.createdAt) },
  ];
  return (
    <section aria-labelledby="cms-oldest">
      <Heading as="h2" id="cms-oldest" fontSize="lg" mb="4">
        {t('cms.oldestPending')}
      </Heading>
      <QueryView
        query={query}
        loading={<LoadingState kind="table" rows={5} />}
        isEmpty={(page) => page.items.length === 0}
        empty={<EmptyResult title={t('cms.noPending')} />}
      >
        {(page) => (
          <DataTable
            columns={columns}
            rows={page.items}
            rowId={(invoice) => invoice.id}
            cards={narrow}
            caption={t('cms.oldestPending')}
          />
        )}
      </QueryView>
    </section>
  );
}
