import type { RankingEntry } from '@especifica/mf-shared/contracts';
import { formatDate, PageLayout } from '@especifica/mf-shared/kit';
import { defineList, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { type RankingKind, rankingResource } from '../api/reports';
import { pointsColumn } from './export-pages';

/** The cycles an admin may look back on: this year and the four before it. */
export const cycleYears = (now = new Date()) => Array.from({ length: 5 }, (_, back) => now.getFullYear() - back);

/** A ranking: points earned in the cycle (a year) or any period (both days included; it replaces the year). */
const rankingList = (kind: RankingKind) =>
  defineList<RankingEntry>({
    resource: rankingResource(kind),
    caption: `reports.title.${kind}`,
    search: `reports.search.${kind}`,
    headers: 'reports',
    columns: [
      { key: 'position', cell: (entry) => `${entry.position}º` },
      { key: 'name', header: `reports.name.${kind}` },
      // A professional has no detail (a seller has their store, a store its CNPJ).
      ...(kind === 'professionals'
        ? []
        : [{ key: 'detail', header: `reports.detail.${kind}`, cell: (entry: RankingEntry) => entry.detail ?? '—' }]),
      pointsColumn<RankingEntry>(),
      { key: 'reachedAt', cell: (entry) => formatDate(entry.reachedAt) },
    ],
    filters: [
      {
        key: 'year',
        label: 'reports.cycle',
        allLabel: 'reports.currentCycle',
        options: cycleYears().map((year) => ({ value: String(year), label: String(year) })),
      },
      { key: 'from', label: 'reports.from', type: 'date', notAfter: 'to' },
      { key: 'to', label: 'reports.to', type: 'date', notBefore: 'from' },
    ],
    empty: { title: 'reports.emptyRanking', drawing: 'points' },
  });

const rankings = {
  professionals: rankingList('professionals'),
  stores: rankingList('stores'),
  sellers: rankingList('sellers'),
};

/**
 * /cms/reports/professionals-ranking, store-ranking and seller-ranking: points earned in the cycle or a period,
 * ties broken by earliest reach, with the whole ranking as CSV or XLSX.
 */
export function RankingPage({ kind }: { kind: RankingKind }) {
  const { t } = useTranslation();
  return (
    <PageLayout title={t(`reports.title.${kind}`)} description={t('reports.rankingHint')} width="wide">
      <ResourceList list={rankings[kind]} />
    </PageLayout>
  );
}

export const ProfessionalsRankingPage = () => <RankingPage kind="professionals" />;
export const StoresRankingPage = () => <RankingPage kind="stores" />;
export const SellersRankingPage = () => <RankingPage kind="sellers" />;
