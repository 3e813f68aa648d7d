import { afterNextPaint, formatPoints } from '@especifica/mf-shared';
import type { CmsDashboard } from '@especifica/mf-shared/contracts';
import { formatMoney, LoadingState } from '@especifica/mf-shared/kit';
import { Box, chakra, Heading, SimpleGrid, useTranslation } from '@especifica/mf-shared/ui';
import { type ComponentProps, type ComponentType, lazy, Suspense, useMemo, useState } from 'react';
import type { ChartSeries } from './month-chart';

type ChartComponent = ComponentType<ComponentProps<typeof import('./month-chart')['default']>>;

// Chart.js loads with these charts only: no other screen's chunk carries it.
let loadedChart: ChartComponent | undefined;
const loadChart = () =>
  import('./month-chart').then((module) => {
    loadedChart = module.default;
    return module;
  });
const LazyMonthChart = lazy(loadChart);

/**
 * Loads the charts' chunk (Chart.js) ahead of the charts, without rendering anything: the dashboard calls this as it
 * mounts, so that the charts do not wait for the chunk after the data arrives. The request leaves once the screen's
 * first frame is on screen (the next frame's animation callback, then a task), not while that frame is drawn: the
 * charts are below the fold on a phone, and their 48 KB (compressed) otherwise raced the heading's paint, so that
 * Lighthouse's estimate of the largest paint counted their download in one load out of three (2.9 s, or 3.2 to 3.4 s
 * with it). Returns the cancel, for a dashboard that unmounts first.
 */
export function preloadMonthCharts(): () => void {
  return afterNextPaint(() => loadChart().catch(() => undefined));
}

type Month = CmsDashboard['series'][number];

const compactMoney = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const compactNumber = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });
const formatCount = (value: number) => value.toLocaleString('pt-BR');
const tickMoney = (value: number) => compactMoney.format(value);
const tickNumber = (value: number) => compactNumber.format(value);

/** "2026-03" as "mar/26". */
export function monthLabel(month: string, locale = 'pt-BR'): string {
  const [year, index] = month.split('-').map(Number);
  const name = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })
    .format(new Date(Date.UTC(year ?? 2000, (index ?? 1) - 1, 15)))
    .replace('.', '');
  return `${name}/${String(year).slice(2)}`;
}

interface Line {
  label: string;
  palette: ChartSeries['palette'];
  pick: (month: Month) => number;
}

interface ChartSpec {
  key: 'invoices' | 'amount' | 'points';
  lines: Line[];
  series: ChartSeries[];
  format: (value: number) => string;
  tick: (value: number) => string;
}

/** The last 12 months in three charts (invoices, reais specified, points in and out), each with its table. */
export function MonthCharts({ series }: { series: Month[] }) {
  const { t, i18n } = useTranslation();
  // Already loaded (preloaded while the data was on its way): drawn at once, with no Suspense fallback in between.
  const [MonthChart] = useState<ChartComponent>(() => loadedChart ?? LazyMonthChart);
  const locale = i18n.language === 'en' ? 'en-US' : 'pt-BR';
  const labels = useMemo(() => series.map((month) => monthLabel(month.month, locale)), [series, locale]);
  const charts = useMemo<ChartSpec[]>(() => {
    const chart = (key: ChartSpec['key'], format: ChartSpec['format'], tick: ChartSpec['tick'], lines: Line[]) => ({
      key,
      format,
      tick,
      lines,
      series: lines.map((line) => ({ label: line.label, palette: line.palette, values: series.map(line.pick) })),
    });
    return [
      chart('invoices', formatCount, tickNumber, [
        { label: t('cmsDashboard.sent'), palette: 'terracotta', pick: (m) => m.invoices },
        { label: t('cmsDashboard.approved'), palette: 'primary', pick: (m) => m.approved },
      ]),
      chart('amount', formatMoney, tickMoney, [
        { label: t('cmsDashboard.specified'), palette: 'primary', pick: (m) => m.amount },
      ]),
      chart('points', formatPoints, tickNumber, [
        { label: t('cmsDashboard.earned'), palette: 'primary', pick: (m) => m.points },
        { label: t('cmsDashboard.redeemed'), palette: 'brass', pick: (m) => m.redeemed },
        { label: t('cmsDashboard.expired'), palette: 'stone', pick: (m) => m.expired },
      ]),
    ];
  }, [series, t]);

  return (
    <section aria-labelledby="cms-months">
      <Heading as="h2" id="cms-months" fontSize="lg" mb="4">
        {t('cmsDashboard.monthsTitle')}
      </Heading>
      <SimpleGrid columns={{ base: 1, lg: 2, '2xl': 3 }} gap="4">
        {charts.map((chart) => (
          <Box
            key={chart.key}
            bg="card"
            p="4"
            borderRadius="card"
            boxShadow="sm"
            minW="0"
            // Two charts a row on a laptop: the third (points) takes the whole row rather than leave a hole.
            gridColumn={chart.key === 'points' ? { lg: 'span 2', '2xl': 'auto' } : undefined}
          >
            <Heading as="h3" fontSize="md" mb="3">
              {t(`cmsDashboard.chart.${chart.key}`)}
            </Heading>
            <Box h="240px" aria-hidden="true">
              <Suspense fallback={<LoadingState rows={5} />}>
                <MonthChart
                  labels={labels}
                  series={chart.series}
                  format={chart.format}
                  tick={chart.tick}
                  testId={`chart-${chart.key}`}
                />
              </Suspense>
            </Box>
            {/* The chart's numbers for screen readers and anyone who prefers a table. */}
            <chakra.table srOnly data-testid={`chart-table-${chart.key}`}>
              <caption>{t(`cmsDashboard.chart.${chart.key}`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('cmsDashboard.month')}</th>
                  {chart.lines.map((line) => (
                    <th key={line.label} scope="col">
                      {line.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {series.map((month, row) => (
                  <tr key={month.month}>
                    <th scope="row">{labels[row]}</th>
                    {chart.lines.map((line) => (
                      <td key={line.label}>{chart.format(line.pick(month))}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </chakra.table>
          </Box>
        ))}
      </SimpleGrid>
    </section>
  );
}
