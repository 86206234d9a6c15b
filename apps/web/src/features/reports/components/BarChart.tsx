import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only the pieces the Analytics charts use (bars), so the page's chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  label: string;
  /** One colour, or one per bar. */
  color: string | string[];
  /** One per label (money in minor units: `format` turns them into text). */
  values: number[];
}

/**
 * The value axis's ticks that fall on whole units of the currency (`unit` minor units: 1 for francs, 100 for naira):
 * Chart.js steps a small range in fractions, which money labels round to the same figure ("FRw 1, FRw 1, …", t17 R1).
 * Zero always stays, so an axis is never left bare.
 */
export function wholeUnitTicks<T extends { value: number }>(ticks: T[], unit: number): T[] {
  const kept = ticks.filter((t) => Math.abs(t.value / unit - Math.round(t.value / unit)) < 1e-9);
  return kept.length ? kept : ticks.filter((t) => t.value === 0);
}

/**
 * A bar chart drawn by Chart.js on a canvas. The canvas is an image for screen readers (its label says
 * the table view holds the same figures); `onBar` makes the bars choosable (receivables aging).
 */
export function BarChart({
  labels,
  series,
  label,
  horizontal = false,
  format,
  onBar,
  height = 240,
  unit = 1,
  testId,
}: {
  labels: string[];
  series: BarSeries[];
  label: string;
  horizontal?: boolean;
  format: (value: number) => string;
  onBar?: (index: number) => void;
  height?: number;
  /** Minor units in one whole unit of the currency: the axis steps by whole units (see wholeUnitTicks). */
  unit?: number;
  testId?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);
  const onBarRef = useRef(onBar);
  const formatRef = useRef(format);
  const unitRef = useRef(unit);
  useEffect(() => {
    onBarRef.current = onBar;
    formatRef.current = format;
    unitRef.current = unit;
  });

  useEffect(() => {
    if (!canvas.current) return;
    const c = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { display: false, position: 'bottom' },
          tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label ?? ''}: ${formatRef.current(Number(ctx.raw))}` } },
        },
        scales: {
          [horizontal ? 'x' : 'y']: {
            beginAtZero: true,
            ticks: { callback: (v) => formatRef.current(Number(v)) },
            afterBuildTicks: (axis) => {
              axis.ticks = wholeUnitTicks(axis.ticks, unitRef.current);
            },
          },
        },
        onClick: (_e, elements) => {
          const first = elements[0];
          if (first && onBarRef.current) onBarRef.current(first.index);
        },
        onHover: (e, elements) => {
          const target = e.native?.target as HTMLElement | undefined;
          if (target) target.style.cursor = elements.length && onBarRef.current ? 'pointer' : 'default';
        },
      },
    });
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, [horizontal]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.labels = labels;
    c.data.datasets = series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.color, borderRadius: 4, maxBarThickness: 36 }));
    if (c.options.plugins?.legend) c.options.plugins.legend.display = series.length > 1;
    c.update();
  }, [labels, series]);

  return (
    <div style={{ position: 'relative', height, width: '100%' }} data-testid={testId}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
