import { tokens } from '@especifica/mf-shared/plain';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only the parts of Chart.js these bar and line charts use, so the chunk stays small; it loads with this page only.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);

export interface ChartSeries {
  label: string;
  values: number[];
  /**
   * A colour family of the theme (its 500 step is read from the page's CSS variables): the brand's green for what the
   * programme gives, a material for the other series (docs/design.md).
   */
  palette: 'primary' | tokens.Material;
}

/**
 * Runs `draw` once `element` comes within a screen's reach, in a task of its own. Making the charts (Chart.js
 * measures the canvas, lays out its scales and draws) was one task of 70 ms on a laptop once the figures arrived,
 * four times that on a phone. On a phone the three charts are below the fold and are drawn as the admin scrolls to
 * them; where several are in view, each is drawn in a task of its own, so that a tap waits for one at most.
 */
function whenNearScreen(element: Element, draw: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof IntersectionObserver === 'undefined') {
    timer = setTimeout(draw);
    return () => clearTimeout(timer);
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      timer = setTimeout(draw);
    },
    { rootMargin: '200px 0px' },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    clearTimeout(timer);
  };
}

/** Months as bars (or a line), one dataset per series, numbers formatted by `format` (Chart.js on a canvas). */
export default function MonthChart({
  labels,
  series,
  format,
  tick = format,
  kind = 'bar',
  testId,
}: {
  labels: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  /** The axis' numbers, when shorter than `format`'s. */
  tick?: (value: number) => string;
  kind?: 'bar' | 'line';
  testId: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let chart: Chart | undefined;
    const draw = () => {
      const styles = getComputedStyle(document.documentElement);
      const colour = (palette: ChartSeries['palette']) =>
        styles.getPropertyValue(`--chakra-colors-${palette}-500`).trim() || tokens.palette[palette]['500'];
      // The axes' and the legend's text and the grid in the theme's roles, so a dark page draws them light.
      const role = (name: string, light: string) => styles.getPropertyValue(`--chakra-colors-${name}`).trim() || light;
      const text = role('muted', tokens.palette.neutral['500']);
      const grid = { color: role('surface-100', tokens.palette.neutral['100']) };
      chart = new Chart(element, {
        type: kind,
        data: {
          labels,
          datasets: series.map((one) => ({
            label: one.label,
            data: one.values,
            backgroundColor: colour(one.palette),
            borderColor: colour(one.palette),
            borderRadius: 4,
            tension: 0.25,
          })),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: {
            legend: { display: series.length > 1, position: 'bottom', labels: { color: text } },
            tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${format(Number(item.raw))}` } },
          },
          color: text,
          scales: {
            x: { ticks: { color: text }, grid },
            y: { beginAtZero: true, ticks: { color: text, callback: (value) => tick(Number(value)) }, grid },
          },
        },
      });
    };
    const stop = whenNearScreen(element, draw);
    return () => {
      stop();
      chart?.destroy();
    };
  }, [labels, series, format, tick, kind]);
  return <canvas ref={canvas} data-testid={testId} />;
}
