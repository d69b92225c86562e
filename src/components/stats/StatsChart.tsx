import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

// Only what a bar chart with a tooltip needs: the rest of chart.js stays out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface StatsChartProps {
  labels: string[];
  values: number[];
  /** Accessible name of the chart; the figures are also in the table the page shows beside it. */
  label: string;
  /** How the tooltip writes a value (euros, counts). */
  format: (value: number) => string;
  /** How the value axis writes a tick (whole euros without cents); the tooltip's format when absent. */
  formatTick?: (value: number) => string;
}

/**
 * A bar chart of one series of the statistics tab. Loaded on demand (React.lazy) so chart.js never weighs
 * on other pages. The chart.js instance is an external widget: it is created once and updated in place.
 */
export default function StatsChart({ labels, values, label, format, formatTick = format }: StatsChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);
  // The chart's callbacks are set once: they read the latest formatters through refs.
  const formatRef = useRef(format);
  const formatTickRef = useRef(formatTick);

  useEffect(() => {
    formatRef.current = format;
    formatTickRef.current = formatTick;
  }, [format, formatTick]);

  useEffect(() => {
    if (!canvas.current) return;
    const styles = getComputedStyle(canvas.current);
    const accent = styles.getPropertyValue('--color-primary-600').trim() || '#0d9488';
    chart.current = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: [], datasets: [{ data: [], backgroundColor: accent, borderRadius: 4, maxBarThickness: 32 }] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { grid: { display: false } },
          y: { beginAtZero: true, ticks: { precision: 0, callback: (value) => formatTickRef.current(Number(value)) } },
        },
        plugins: { tooltip: { callbacks: { label: (item) => formatRef.current(Number(item.raw)) } } },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    current.data.labels = labels;
    current.data.datasets[0]!.data = values;
    current.update();
  }, [labels, values]);

  return (
    <div className="stats-chart">
      <canvas ref={canvas} role="img" aria-label={label} data-testid="stats-chart" />
    </div>
  );
}
