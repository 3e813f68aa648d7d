import { formatPoints } from '@especifica/mf-shared';
import type { Accelerator, Score } from '@especifica/mf-shared/contracts';
import { ButtonLink, formatLastDay, LoadingState, PageLayout, QueryView, useApiQuery } from '@especifica/mf-shared/kit';
import {
  Box,
  chakra,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  useSession,
  useTranslation,
} from '@especifica/mf-shared/ui';
import { lazy, Suspense, useMemo } from 'react';
import { getAccelerators, getScore, getSettings, isRunning, programmeKeys } from '../../programme/api/programme';
import { RulesNotice } from '../../programme/rules-notice';

// The chart library loads with the chart only, never with the other screens.
const MonthChart = lazy(() => import('./month-chart'));

export const monthNames = (locale: string) =>
  Array.from({ length: 12 }, (_, month) =>
    new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, month, 1))),
  );

/** /score: the cycle's points by month (a chart) and by source, the accelerators running, how points are earned. */
export function ScorePage() {
  const { t } = useTranslation();
  const score = useApiQuery(programmeKeys.score, getScore, { silent: true });
  return (
    <PageLayout title={t('score.title')}>
      <Stack gap="6">
        <RulesNotice about="points" />
        <QueryView query={score} loading={<LoadingState kind="cards" />}>
          {(data) => <Cycle score={data} />}
        </QueryView>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          <RunningAccelerators />
          <HowToEarn />
        </SimpleGrid>
      </Stack>
    </PageLayout>
  );
}

function Cycle({ score }: { score: Score }) {
  const { t, i18n } = useTranslation();
  const names = useMemo(() => monthNames(i18n.language === 'en' ? 'en-US' : 'pt-BR'), [i18n.language]);
  const values = useMemo(() => score.months.map((month) => month.points), [score]);
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
      <Box gridColumn={{ lg: 'span 2' }} bg="card" p="5" borderRadius="card" boxShadow="sm">
        <Heading as="h2" fontSize="lg">
          {t('score.byMonth', { year: score.cycleYear })}
        </Heading>
        <Text fontSize="xxxl" fontWeight="bold" data-testid="score-earned">
          {formatPoints(score.earned)} {t('score.points')}
        </Text>
        <Box h="260px" mt="3" aria-hidden="true">
          <Suspense fallback={<LoadingState rows={6} />}>
            <MonthChart labels={names} values={values} label={t('score.points')} />
          </Suspense>
        </Box>
        {/* The chart's numbers for screen readers and anyone who prefers a table. */}
        <chakra.table srOnly>
          <caption>{t('score.byMonth', { year: score.cycleYear })}</caption>
          <tbody>
            {score.months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{names[month.month - 1]}</th>
                <td>{formatPoints(month.points)}</td>
              </tr>
            ))}
          </tbody>
        </chakra.table>
      </Box>
      <Box bg="card" p="5" borderRadius="card" boxShadow="sm">
        <Heading as="h2" fontSize="lg" mb="3">
          {t('score.bySource')}
        </Heading>
        {score.sources.length === 0 ? (
          <Text color="muted">{t('score.noPoints')}</Text>
        ) : (
          <Stack as="dl" gap="2">
            {score.sources.map((source) => (
              <HStack key={source.source} justify="space-between" data-testid="score-source">
                <chakra.dt>{t(`score.sources.${source.source}`)}</chakra.dt>
                <chakra.dd fontWeight="bold">{formatPoints(source.points)}</chakra.dd>
              </HStack>
            ))}
          </Stack>
        )}
      </Box>
    </SimpleGrid>
  );
}

function RunningAccelerators() {
  const { t } = useTranslation();
  const accelerators = useApiQuery(programmeKeys.accelerators, getAccelerators, { silent: true });
  return (
    <Box bg="card" p="5" borderRadius="card" boxShadow="sm">
      <HStack justify="space-between" mb="3">
        <Heading as="h2" fontSize="lg">
          {t('score.accelerators')}
        </Heading>
        <ButtonLink size="sm" variant="plain" colorPalette="primary" to="/accelerators">
          {t('score.allAccelerators')}
        </ButtonLink>
      </HStack>
      <QueryView query={accelerators}>
        {(page) => {
          const running = page.items.filter((item) => isRunning(item));
          return running.length === 0 ? (
            <Text color="muted">{t('score.noAccelerators')}</Text>
          ) : (
            <Stack gap="2">
              {running.map((item: Accelerator) => (
                <HStack key={item.id} justify="space-between" fontSize="sm" data-testid="score-accelerator">
                  <Text>
                    {item.name} · {item.targetLabel}
                  </Text>
                  <Text whiteSpace="nowrap">
                    {t('accelerators.multiplier', { value: formatPoints(item.multiplier) })} ·{' '}
                    {t('accelerators.until', { date: formatLastDay(item.endsAt) })}
                  </Text>
                </HStack>
              ))}
            </Stack>
          );
        }}
      </QueryView>
    </Box>
  );
}

/** How points are earned, by the rule of the person's side: a professional's per real, a shopkeeper's per sale. */
function HowToEarn() {
  const { t } = useTranslation();
  const shopkeeper = useSession((state) => state.user?.userType === 'shopkeeper');
  const settings = useApiQuery(programmeKeys.settings, getSettings, { silent: true });
  return (
    <Box bg="card" p="5" borderRadius="card" boxShadow="sm">
      <Heading as="h2" fontSize="lg" mb="3">
        {t('score.howTitle')}
      </Heading>
      <QueryView query={settings}>
        {(rules) => (
          <Stack as="ul" gap="2" pl="5" data-testid="score-rules">
            {shopkeeper ? (
              <li>
                {t('score.howSeller', {
                  percent: formatPoints(rules.shopkeeperSharePercent),
                  points: formatPoints(rules.pointsPerReal),
                })}
              </li>
            ) : (
              <>
                <li>{t('score.howBase', { points: formatPoints(rules.pointsPerReal) })}</li>
                <li>{t('score.howAccelerators')}</li>
              </>
            )}
            <li>{t('score.howExpiry', { months: rules.expiryMonths })}</li>
            <li>{t('score.howLevel')}</li>
          </Stack>
        )}
      </QueryView>
    </Box>
  );
}
