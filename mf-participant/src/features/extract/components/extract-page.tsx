import { formatPoints } from '@especifica/mf-shared';
import { EXPIRING_DAYS, type Extract, ledgerKinds, type Movement } from '@especifica/mf-shared/contracts';
import {
  badgeText,
  EmptyResult,
  ErrorState,
  formatDate,
  formatMoney,
  LoadingState,
  NoMatch,
  PageLayout,
  QueryView,
  useApiQuery,
  useDownload,
  useListState,
  useNarrow,
} from '@especifica/mf-shared/kit';
import {
  cell,
  DataTable,
  defineColumns,
  ExportButton,
  Pagination,
  Toolbar,
  useColumns,
} from '@especifica/mf-shared/list';
import { Box, SimpleGrid, Stack, Text, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { useCallback, useMemo } from 'react';
import {
  EXTRACT_CSV_URL,
  type ExtractQuery,
  extractKeys,
  extractQuery,
  getExtract,
  getExtractTotals,
  getInvoiceComputation,
  periodOf,
} from '../api/extract';

const movementId = (movement: Movement) => movement.id;

/**
 * The movements' columns; the context says whether a shopkeeper looks, whose credit is the share of a sale, not an
 * invoice's own computation.
 */
const movementColumns = defineColumns<Movement, boolean>('extract', [
  { key: 'createdAt', header: 'extract.date', sort: true, cell: (movement) => formatDate(movement.createdAt) },
  {
    key: 'reason',
    header: 'extract.what',
    cell: (movement, _t, shopkeeper) =>
      cell.disclosure(
        movement.reason,
        { show: 'extract.showComputation', hide: 'extract.hideComputation' },
        movement.kind === 'credit' && movement.sourceType === 'invoice' && !shopkeeper
          ? () => <Computation invoiceId={movement.sourceId} />
          : undefined,
      ),
  },
  { key: 'kind', cell: (movement) => cell.badge('movementKind', movement.kind) },
  {
    key: 'points',
    sort: true,
    numeric: true,
    cell: ({ points }) => cell.text(points < 0 ? 'loss' : 'gain', `${points > 0 ? '+' : ''}${formatPoints(points)}`),
  },
]);

/** /extract: every movement with its filters in the URL, the period's totals, what expires soon, and the CSV. */
export function ExtractPage() {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const [query, update, settled] = useListState(extractQuery);
  const period = periodOf(query);
  const extract = useApiQuery(extractKeys.page(query), () => getExtract(query), {
    keepPrevious: true,
    silent: true,
    enabled: settled,
  });
  const totals = useApiQuery(extractKeys.totals(period), () => getExtractTotals(period), {
    silent: true,
    enabled: settled,
  });
  const download = useDownload();
  const shopkeeper = useSession((state) => state.user?.userType === 'shopkeeper');
  const columns = useColumns(movementColumns, shopkeeper);
  const filtered = Boolean(query.kind || query.from || query.to);
  // The toolbar and the table are memoized: given the same props, a render of the page (each answer that arrives)
  // does not draw them again.
  const filters = useMemo(
    () => ({
      items: [
        {
          key: 'kind',
          label: t('extract.kind'),
          options: ledgerKinds.map((kind) => ({ value: kind, label: t(badgeText('movementKind', kind)) })),
        },
        // The period, each end bounded by the other; below 768 px they fold with the kind behind "Filtros".
        { key: 'from', label: t('extract.from'), type: 'date' as const, notAfter: 'to' },
        { key: 'to', label: t('extract.to'), type: 'date' as const, notBefore: 'from' },
      ],
      values: query,
      onChange: (key: string, value: string) => update({ [key]: value || undefined } as Partial<ExtractQuery>),
    }),
    [t, query, update],
  );
  const { kind, from, to } = period;
  const exportButton = useMemo(
    () => (
      <ExportButton
        label={t('extract.download')}
        progress={download.progress}
        onClick={() => void download.start(EXTRACT_CSV_URL, { kind, from, to }, 'extrato.csv')}
      />
    ),
    [t, download.progress, download.start, kind, from, to],
  );
  const onSort = useCallback((sort: string | undefined) => update({ sort: sort as ExtractQuery['sort'] }), [update]);

  return (
    <PageLayout title={t('extract.title')} description={t('extract.description')}>
      <Stack gap="6">
        {/* The list below shows a failure once; the summary's figures wait for the same answer. */}
        {!extract.error && <Summary data={extract.data} />}

        <Toolbar filters={filters} actions={exportButton} />

        {totals.error ? (
          <ErrorState error={totals.error} onRetry={totals.refetch} />
        ) : (
          // The four boxes are drawn at once, empty until their numbers arrive, so that nothing below them moves.
          <SimpleGrid
            columns={{ base: 2, md: 4 }}
            gap="3"
            data-testid="extract-totals"
            aria-label={t('extract.totals')}
            aria-busy={!totals.data}
          >
            <Total label={t('extract.earned')} value={totals.data?.earned} />
            <Total label={t('extract.redeemed')} value={totals.data?.redeemed} />
            <Total label={t('extract.expired')} value={totals.data?.expired} />
            <Total label={t('extract.net')} value={totals.data?.net} signed />
          </SimpleGrid>
        )}

        {extract.data ? (
          extract.data.items.length === 0 ? (
            filtered ? (
              <NoMatch onClear={() => update({ kind: undefined, from: undefined, to: undefined })} />
            ) : (
              <EmptyResult
                title={t('extract.empty')}
                description={t('extract.emptyHint')}
                drawing="points"
                next={{ label: t('nextStep.invoices'), to: '/invoices' }}
              />
            )
          ) : (
            <>
              <DataTable
                columns={columns}
                rows={extract.data.items}
                rowId={movementId}
                sort={query.sort}
                onSort={onSort}
                cards={narrow}
                caption={t('extract.title')}
              />
              <Pagination
                page={query.page}
                limit={query.limit}
                total={extract.data.total}
                onPage={(page) => update({ page }, { keepPage: true })}
                onLimit={(limit) => update({ limit })}
              />
            </>
          )
        ) : extract.error ? (
          <ErrorState error={extract.error} onRetry={extract.refetch} />
        ) : (
          <LoadingState kind={narrow ? 'cards' : 'table'} />
        )}
      </Stack>
    </PageLayout>
  );
}

const BLANK = '\u00a0';

/**
 * The balance, and the box of what expires in the next 90 days. Both boxes and their titles are drawn with the first
 * frame, their figures blank until the extract arrives: the expiring box's title is the page's largest text, and the
 * page looks loaded when it is painted, so it does not wait for the data.
 */
function Summary({ data }: { data: Extract | undefined }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" aria-busy={!data}>
      <Box bg="card" p="5" borderRadius="card" boxShadow="sm" data-testid="extract-balance">
        <Text fontSize="sm" color="muted">
          {t('extract.balance')}
        </Text>
        <Text fontSize="xxl" textStyle="display">
          {data ? `${formatPoints(data.balance)} ${t('common.points')}` : BLANK}
        </Text>
        <Text fontSize="sm" color="muted">
          {data
            ? t('extract.earnedInCycle', { points: formatPoints(data.earnedInCycle), count: data.earnedInCycle })
            : BLANK}
        </Text>
      </Box>
      <Box colorPalette="quaternary" bg="colorPalette.subtle" p="5" borderRadius="card" data-testid="extract-expiring">
        <Text fontWeight="bold">{t('extract.expiringTitle', { days: data?.expiring.days ?? EXPIRING_DAYS })}</Text>
        {!data ? (
          <Text fontSize="sm" mt="2">
            {BLANK}
          </Text>
        ) : data.expiring.points > 0 ? (
          <Stack gap="1" mt="2" fontSize="sm">
            <Text>
              {t('extract.expiringTotal', { points: formatPoints(data.expiring.points), count: data.expiring.points })}
            </Text>
            {data.expiring.lots.slice(0, 3).map((lot) => (
              <Text key={lot.expiresAt}>
                {t('extract.expiringLot', {
                  points: formatPoints(lot.points),
                  count: lot.points,
                  date: formatDate(lot.expiresAt),
                })}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text fontSize="sm" mt="2">
            {t('extract.expiringNone')}
          </Text>
        )}
      </Box>
    </SimpleGrid>
  );
}

function Computation({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation();
  const query = useApiQuery(extractKeys.computation(invoiceId), () => getInvoiceComputation(invoiceId), {
    silent: true,
  });
  return (
    <Box fontSize="sm" color="muted" data-testid="extract-computation">
      <QueryView query={query} loading={<LoadingState rows={1} />}>
        {({ computation: c, store }) => (
          <Stack gap="0">
            <Text>
              {t('extract.computation', {
                value: formatMoney(c.participatingTotal),
                rate: formatPoints(c.pointsPerReal),
                points: formatPoints(c.points),
                count: c.points,
              })}
            </Text>
            {c.bonusPoints > 0 && (
              <Text>
                {t('extract.computationBonus', { points: formatPoints(c.bonusPoints), count: c.bonusPoints })}
              </Text>
            )}
            <Text>{t('extract.computationStore', { store })}</Text>
          </Stack>
        )}
      </QueryView>
    </Box>
  );
}

function Total({ label, value, signed }: { label: string; value: number | undefined; signed?: boolean }) {
  return (
    <Box bg="card" p="4" borderRadius="card" boxShadow="xs">
      <Text fontSize="sm" color="muted">
        {label}
      </Text>
      <Text fontSize="xl" textStyle="display">
        {value === undefined ? '\u00a0' : `${signed && value > 0 ? '+' : ''}${formatPoints(value)}`}
      </Text>
    </Box>
  );
}
