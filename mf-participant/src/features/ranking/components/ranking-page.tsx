import { formatPoints } from '@especifica/mf-shared';
import type { RankingEntry } from '@especifica/mf-shared/contracts';
import { EmptyResult, formatDate, LoadingState, PageLayout, QueryView, useApiQuery } from '@especifica/mf-shared/kit';
import { Pagination } from '@especifica/mf-shared/list';
import { Box, chakra, Text, useTranslation } from '@especifica/mf-shared/ui';
import { OnlyFor } from '../../../app/only-for';
import { useUrlPage } from '../../../app/url-page';
import { getRanking, rankingKey } from '../api/ranking';

/** /ranking (shopkeepers): the store's sellers by points in the cycle; one's own row highlighted, even off the page. */
export function RankingPage() {
  return (
    <OnlyFor userType="shopkeeper">
      <RankingScreen />
    </OnlyFor>
  );
}

function RankingScreen() {
  const { t } = useTranslation();
  const { page, limit, onPage, onLimit } = useUrlPage();
  const ranking = useApiQuery(rankingKey(page, limit), () => getRanking(page, limit), {
    silent: true,
    keepPrevious: true,
  });
  return (
    <PageLayout title={t('ranking.title')} width="narrow">
      <QueryView
        query={ranking}
        loading={<LoadingState kind="table" />}
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyResult
            title={t('ranking.empty')}
            drawing="points"
            next={{ label: t('invoices.registerSale'), to: '/invoices' }}
          />
        }
      >
        {(data) => {
          const mine = data.me;
          const shown = mine ? data.items.some((entry) => entry.id === mine.id) : false;
          return (
            <>
              <Text mb="4" color="muted">
                {t('ranking.period', {
                  from: formatDate(data.period.from),
                  to: formatDate(lastInstant(data.period.to)),
                })}
                {mine ? ` ${t('ranking.you', { position: mine.position, total: data.total })}` : ''}
              </Text>
              <Box bg="card" borderRadius="card" boxShadow="sm" overflowX="auto">
                <chakra.table w="full" fontSize="sm">
                  <chakra.caption srOnly>{t('ranking.title')}</chakra.caption>
                  <thead>
                    <chakra.tr borderBottomWidth="1px">
                      <chakra.th scope="col" textAlign="left" p="3" w="80px">
                        {t('ranking.position')}
                      </chakra.th>
                      <chakra.th scope="col" textAlign="left" p="3">
                        {t('ranking.name')}
                      </chakra.th>
                      <chakra.th scope="col" textAlign="right" p="3">
                        {t('ranking.points')}
                      </chakra.th>
                    </chakra.tr>
                  </thead>
                  <tbody>
                    {data.items.map((entry) => (
                      <Row key={entry.id} entry={entry} own={entry.id === mine?.id} />
                    ))}
                    {mine && !shown && (
                      <>
                        <tr>
                          <chakra.td colSpan={3} textAlign="center" color="muted" p="1">
                            {t('ranking.gap')}
                          </chakra.td>
                        </tr>
                        <Row entry={mine} own />
                      </>
                    )}
                  </tbody>
                </chakra.table>
              </Box>
              <Pagination page={page} limit={limit} total={data.total} onPage={onPage} onLimit={onLimit} />
            </>
          );
        }}
      </QueryView>
    </PageLayout>
  );
}

/** The period's end is the first instant after it: the last day shown is the one before. */
const lastInstant = (end: string) => new Date(new Date(end).getTime() - 1);

function Row({ entry, own }: { entry: RankingEntry; own: boolean }) {
  const { t } = useTranslation();
  return (
    <chakra.tr
      borderBottomWidth="1px"
      bg={own ? 'primary.50' : undefined}
      fontWeight={own ? 'bold' : undefined}
      aria-current={own ? 'true' : undefined}
      data-testid={own ? 'ranking-own' : 'ranking-row'}
    >
      <chakra.td p="3">{entry.position}º</chakra.td>
      <chakra.td p="3">
        {entry.name}
        {own && ` (${t('ranking.yourself')})`}
      </chakra.td>
      <chakra.td p="3" textAlign="right">
        {formatPoints(entry.points)}
      </chakra.td>
    </chakra.tr>
  );
}
