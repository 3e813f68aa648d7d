import type { RankingEntry } from '@especifica/mf-shared/contracts';
import { formatDate, PageLayout } from '@especifica/mf-shared/kit';
import { type Columns, type Filter, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { type RankingKind, rankingResource } from '../api/reports';
import { pointsColumn } from './export-pages';

const resources = {
  professionals: rankingResource('professionals'),
  stores: rankingResource('stores'),
  sellers: rankingResource('sellers'),
};

/** The cycles an admin may look back on: this year and the four before it. */
export const cycleYears = (now = new Date()) => Array.from({ length: 5 }, (_, back) => now.getFullYear() - back);

/** The cycle (a year) or any period (both days included; it replaces the year). */
export function usePeriodFilters(): Filter[] {
  const { t } = useTranslation();
  return useMemo<Filter[]>(
    () => [
      {
        key: 'year',
        label: t('reports.cycle'),
        allLabel: t('reports.currentCycle'),
        options: cycleYears().map((year) => ({ value: String(year), label: String(year) })),
      },
      { key: 'from', label: t('reports.from'), type: 'date', notAfter: 'to' },
      { key: 'to', label: t('reports.to'), type: 'date', notBefore: 'from' },
    ],
    [t],
  );
}

/**
 * /cms/reports/professionals-ranking, store-ranking and seller-ranking: points earned in the cycle or a period,
 * ties broken by earliest reach, with the whole ranking as CSV or XLSX.
 */
export function RankingPage({ kind }: { kind: RankingKind }) {
  const { t } = useTranslation();
  const filters = usePeriodFilters();
  const columns = useMemo(() => {
    const all: Columns<RankingEntry> = [
      { accessorKey: 'position', header: t('reports.position'), cell: ({ getValue }) => `${getValue<number>()}º` },
      { accessorKey: 'name', header: t(`reports.name.${kind}`) },
      { id: 'detail', header: t(`reports.detail.${kind}`), cell: ({ row }) => row.original.detail ?? '—' },
      pointsColumn<RankingEntry>(t('reports.points')),
      {
        accessorKey: 'reachedAt',
        header: t('reports.reachedAt'),
        cell: ({ getValue }) => formatDate(getValue<string>()),
      },
    ];
    // A professional has no detail (a seller has their store, a store its CNPJ).
    return kind === 'professionals' ? all.filter((column) => column.id !== 'detail') : all;
  }, [t, kind]);
  return (
    <PageLayout title={t(`reports.title.${kind}`)} description={t('reports.rankingHint')} width="wide">
      <ResourceList
        resource={resources[kind]}
        columns={columns}
        caption={t(`reports.title.${kind}`)}
        search={t(`reports.search.${kind}`)}
        filters={filters}
        empty={{ title: t('reports.emptyRanking') }}
      />
    </PageLayout>
  );
}

export const ProfessionalsRankingPage = () => <RankingPage kind="professionals" />;
export const StoresRankingPage = () => <RankingPage kind="stores" />;
export const SellersRankingPage = () => <RankingPage kind="sellers" />;
