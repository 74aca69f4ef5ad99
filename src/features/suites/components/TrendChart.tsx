import { Text, useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TrendPoint } from '../../../suite-engine';
import { useFormat, useT } from '../../../i18n';

/**
 * Pass rate and median latency over a suite's runs, and hit rate and MRR where a run measured them (uPlot, a small canvas chart loaded with this page: nothing
 * of it in the console's first route; it draws on a canvas and sets styles through the DOM, so the CSP holds).
 */
export function TrendChart({ points }: { points: TrendPoint[] }) {
  const t = useT();
  const { formatDateTime } = useFormat();
  const scheme = useComputedColorScheme('light');
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el || points.length < 2) return;
    const axis = scheme === 'dark' ? '#c9c9c9' : '#495057';
    const grid = scheme === 'dark' ? '#373a40' : '#e9ecef';
    // Hit rate and MRR only where a run measured them (a suite listing relevant documents), not as empty lines.
    const retrieval = points.some((p) => p.hitRate !== undefined);
    const data: uPlot.AlignedData = [
      points.map((_, i) => i + 1),
      points.map((p) => Math.round(p.passRate * 1000) / 10),
      points.map((p) => (p.medianLatencyMs === undefined ? null : Math.round(p.medianLatencyMs))),
      // On the percent scale too: MRR 0–1 as 0–100.
      ...(retrieval
        ? [
            points.map((p) => (p.hitRate === undefined ? null : Math.round(p.hitRate * 1000) / 10)),
            points.map((p) => (p.mrr === undefined ? null : Math.round(p.mrr * 1000) / 10)),
          ]
        : []),
    ];
    // With the cursor off the chart the legend reads the latest run, not "–" until hovered.
    const last = points.length - 1;
    const shown = <T,>(series: (T | null)[], v: T | null, idx: number | null) => (idx == null ? series[last]! : v);
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth),
        height: 220,
        scales: {
          x: { time: false },
          pct: { range: [0, 100] },
          ms: { range: (_u, _min, max) => [0, Math.max(10, max * 1.15)] },
        },
        axes: [
          {
            stroke: axis,
            grid: { stroke: grid },
            splits: () => points.map((_, i) => i + 1),
            // ✎: the suite was edited before this run (a change there is not the service's alone).
            values: (_u, ticks) => ticks.map((v) => `#${v}${points[v - 1]?.suiteChanged ? ' ✎' : ''}`),
          },
          { scale: 'pct', stroke: axis, grid: { stroke: grid }, values: (_u, ticks) => ticks.map((v) => `${v}%`) },
          {
            scale: 'ms',
            side: 1,
            size: 64,
            stroke: axis,
            grid: { show: false },
            values: (_u, ticks) => ticks.map((v) => `${v} ms`),
          },
        ],
        series: [
          {
            label: t('suites.trend.run'),
            value: (_u, raw, _s, idx) => {
              const v = shown(data[0] as number[], raw, idx);
              if (v == null) return '';
              const p = points[v - 1]!;
              return `#${v} · ${formatDateTime(p.startedAt)}${p.suiteChanged ? ` · ${t('suites.trend.changed')}` : ''}`;
            },
          },
          {
            label: t('suites.trend.passRate'),
            scale: 'pct',
            stroke: '#12b886',
            width: 2,
            points: { show: true },
            value: (_u, raw, _s, idx) => {
              const v = shown(data[1] as (number | null)[], raw, idx);
              return v == null ? '–' : `${v}%`;
            },
          },
          {
            label: t('suites.trend.latency'),
            scale: 'ms',
            stroke: '#4c6ef5',
            width: 2,
            dash: [6, 4],
            points: { show: true },
            value: (_u, raw, _s, idx) => {
              const v = shown(data[2] as (number | null)[], raw, idx);
              return v == null ? '–' : `${v} ms`;
            },
          },
          ...(retrieval ? retrievalSeries() : []),
        ],
      },
      data,
      el,
    );
    function retrievalSeries(): uPlot.Series[] {
      return [
        {
          label: t('suites.trend.hitRate'),
          scale: 'pct',
          stroke: '#f08c00',
          width: 2,
          points: { show: true },
          value: (_u, raw, _s, idx) => {
            const v = shown(data[3] as (number | null)[], raw, idx);
            return v == null ? '–' : `${v}%`;
          },
        },
        {
          label: t('suites.trend.mrr'),
          scale: 'pct',
          stroke: '#ae3ec9',
          width: 2,
          dash: [2, 3],
          points: { show: true },
          value: (_u, raw, _s, idx) => {
            const v = shown(data[4] as (number | null)[], raw, idx);
            return v == null ? '–' : String(v / 100);
          },
        },
      ];
    }
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(320, el.clientWidth), height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points, scheme, t, formatDateTime]);

  const changed = points.flatMap((p, i) => (p.suiteChanged ? [`#${i + 1}`] : []));
  if (points.length < 2) {
    return (
      <Text size="sm" c="dimmed">
        {t('suites.trend.few')}
      </Text>
    );
  }
  return (
    <figure
      className="kc-trend"
      aria-label={t('suites.trend.label', { count: points.length })}
      data-testid="trend-chart"
      style={{ margin: 0 }}
    >
      <div ref={box} />
      {changed.length ? (
        <Text component="figcaption" size="xs" c="dimmed" data-testid="trend-changed">
          {t('suites.trend.changedRuns', { runs: changed.join(', ') })}
        </Text>
      ) : null}
    </figure>
  );
}
