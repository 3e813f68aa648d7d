import { formatPoints } from '@especifica/mf-shared';
import { tokens } from '@especifica/mf-shared/plain';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only the parts of Chart.js a bar chart uses, so the chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The points of each month of the cycle as bars (Chart.js on a canvas; the page carries the same numbers as a table). */
export default function MonthChart({ labels, values, label }: { labels: string[]; values: number[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const brand = getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-primary-500').trim();
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels,
        datasets: [{ label, data: values, backgroundColor: brand || tokens.palette.primary['500'], borderRadius: 4 }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { tooltip: { callbacks: { label: (item) => `${formatPoints(Number(item.raw))} ${label}` } } },
        scales: { y: { beginAtZero: true, ticks: { callback: (value) => formatPoints(Number(value)) } } },
      },
    });
    return () => chart.destroy();
  }, [labels, values, label]);
  return <canvas ref={canvas} data-testid="score-chart" />;
}
