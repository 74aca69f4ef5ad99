import { Box, Button, Group, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { downloadText, StatusBadge, type StatusTone } from '../../components';
import { useFormat, useT } from '../../i18n';
import type { Batch, PhaseCounts, RowPhase } from '../../removal-engine/batch/batch';
import {
  reportCsv,
  reportFileName,
  reportJson,
  reportProbesOf,
  reportRows,
  type ReportRow,
} from '../../removal-engine/batch/report';
import { PHASE_VIEW, PROBE_VIEW, retryableCount } from './bulk/view';
import { paths } from '../../config/paths';
import classes from './BulkRemoval.module.css';

type Filter = 'all' | 'active' | RowPhase;

const FILTERS: { value: Filter; phases?: RowPhase[] }[] = [
  { value: 'all' },
  { value: 'active', phases: ['waiting', 'requesting', 'pending', 'unknown'] },
  { value: 'deleted', phases: ['deleted'] },
  { value: 'not_deleted', phases: ['not_deleted'] },
  { value: 'failed', phases: ['failed'] },
  { value: 'not_sent', phases: ['not_sent'] },
  { value: 'left_out', phases: ['left_out'] },
];

/** The probe column's words, coloured by their tone (dimmed when nothing is claimed). */
const PROBE_TONE_COLOR: Record<StatusTone, string> = {
  ok: 'teal',
  error: 'red',
  warning: 'orange',
  info: 'blue',
  unknown: 'dimmed',
};

const ROW_PX = 34;
const MESSAGE_ROW_PX = 56;
/**
 * Id, outcome, then the rest: the outcome is what the report is read for, so it is in view beside the id on a phone
 * (420 px) without scrolling sideways; whether it is gone from answers comes next, then the name, attempts,
 * confirmation and time.
 */
const COLUMNS =
  'minmax(8rem, 1fr) minmax(8rem, 1.1fr) minmax(10rem, 1.4fr) minmax(8rem, 2fr) 4.5rem minmax(6rem, 1fr) 6.5rem';

/**
 * Whether the element has columns hidden to its right (narrow screens): the cue says so until they are scrolled
 * to. Kept here rather than in a shared table: the report's grid rows are placed by the virtualiser.
 */
function useMoreToTheRight(ref: RefObject<HTMLElement | null>) {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setMore(el.scrollWidth - el.clientWidth - el.scrollLeft > 1);
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref]);
  return more;
}

/**
 * The batch's report: one row per submitted id (virtualised: 5,000 rows cost what 20 do), filters by outcome,
 * "Retry the not-deleted", and exports as CSV and JSON with the knowledge base, profile name and times.
 */
export function BulkReport({
  batch,
  counts,
  onRetry,
}: {
  batch: Batch;
  counts: PhaseCounts;
  /** Absent while the batch runs: a retry starts once it has ended. */
  onRetry?: () => void;
}) {
  const t = useT();
  const { formatNumber } = useFormat();
  const [filter, setFilter] = useState<Filter>('all');
  // Sampled rows carry their probes ("gone from answers"); the others read "not probed" (or, with no space chosen,
  // "answers not checked").
  const rows = useMemo(() => reportRows(batch, reportProbesOf(batch)), [batch]);
  const phases = FILTERS.find((f) => f.value === filter)?.phases;
  const shown = useMemo(() => (phases ? rows.filter((r) => phases.includes(r.outcome)) : rows), [rows, phases]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Fresh functions each render are what this component wants; the React Compiler lint cannot know that.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    // A refused row carries the service's message on a second line.
    estimateSize: (i) => (shown[i]?.message ? MESSAGE_ROW_PX : ROW_PX),
    overscan: 8,
  });
  const more = useMoreToTheRight(scrollRef);
  const countOf = (f: (typeof FILTERS)[number]) =>
    f.phases ? f.phases.reduce((n, p) => n + counts[p], 0) : batch.rows.length;

  return (
    <Box data-testid="bulk-report">
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        {/* Plain toggle buttons: a segmented control measures its items on every render, and this one re-renders
            several times a second while the batch runs. */}
        <Group
          component="fieldset"
          gap={4}
          aria-label={t('knowledge.bulk.report.filter')}
          data-testid="bulk-filters"
          style={{ border: 0, padding: 0, margin: 0 }}
        >
          {FILTERS.filter((f) => f.value === 'all' || countOf(f) > 0 || f.value === filter).map((f) => (
            <Button
              key={f.value}
              size="compact-xs"
              variant={filter === f.value ? 'filled' : 'default'}
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
            >
              {t(
                f.value === 'all'
                  ? 'knowledge.bulk.report.all'
                  : f.value === 'active'
                    ? 'knowledge.bulk.report.active'
                    : PHASE_VIEW[f.value].label,
              )}{' '}
              {formatNumber(countOf(f))}
            </Button>
          ))}
        </Group>
        <Group gap="xs">
          {onRetry && retryableCount(counts) > 0 ? (
            <Button size="xs" variant="light" onClick={onRetry}>
              {t('knowledge.bulk.report.retry', { count: retryableCount(counts) })}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            onClick={() => downloadText(reportFileName(batch, 'csv'), reportCsv(batch, rows), 'text/csv')}
          >
            {t('knowledge.bulk.report.csv')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => downloadText(reportFileName(batch, 'json'), reportJson(batch, rows))}
          >
            {t('knowledge.bulk.report.json')}
          </Button>
        </Group>
      </Group>
      {more ? (
        <Text size="xs" c="dimmed" mb={4} ta="end" data-testid="bulk-report-scroll-cue">
          {t('knowledge.bulk.report.scrollCue')}
        </Text>
      ) : null}
      {/* A grid-laid table (TanStack Virtual's table pattern): rows are absolutely placed inside the scrolling body. */}
      <Box className={classes.scrollShade} data-more={more ? 'true' : undefined}>
        <Box
          component="section"
          ref={scrollRef}
          data-testid="bulk-report-scroller"
          tabIndex={0}
          aria-label={t('knowledge.bulk.report.rows')}
          style={{
            // Up to 12 rows high, or the rows' own height when fewer (a message row is taller).
            height: Math.min(Math.max(virtualizer.getTotalSize(), ROW_PX), 12 * ROW_PX) + ROW_PX + 6,
            overflow: 'auto',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
            fontSize: 'var(--mantine-font-size-xs)',
          }}
        >
          <table
            aria-label={t('knowledge.bulk.report.label', { count: shown.length })}
            aria-rowcount={shown.length + 1}
            style={{ display: 'grid', minWidth: '55rem', borderCollapse: 'collapse' }}
          >
            <thead style={{ display: 'grid', position: 'sticky', top: 0, zIndex: 1 }}>
              <tr
                aria-rowindex={1}
                style={{
                  display: 'grid',
                  gridTemplateColumns: COLUMNS,
                  gap: 8,
                  padding: '0 10px',
                  height: ROW_PX,
                  alignItems: 'center',
                  textAlign: 'start',
                  borderBottom: '1px solid var(--mantine-color-default-border)',
                  background: 'var(--mantine-color-body)',
                }}
              >
                {(['id', 'outcome', 'probe', 'name', 'attempts', 'confirmedBy', 'time'] as const).map((c) => (
                  <th key={c} scope="col" style={{ textAlign: 'start', fontWeight: 600 }}>
                    {t(`knowledge.bulk.report.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody
              style={{ display: 'grid', height: Math.max(virtualizer.getTotalSize(), ROW_PX), position: 'relative' }}
            >
              {shown.length === 0 ? (
                <tr style={{ display: 'grid', padding: '8px 10px' }}>
                  <td style={{ color: 'var(--mantine-color-dimmed)' }}>{t('knowledge.bulk.report.none')}</td>
                </tr>
              ) : (
                virtualizer
                  .getVirtualItems()
                  .map((item) => (
                    <ReportLine
                      key={item.key}
                      row={shown[item.index]!}
                      rowIndex={item.index + 2}
                      index={item.index}
                      top={item.start}
                      measure={virtualizer.measureElement}
                    />
                  ))
              )}
            </tbody>
          </table>
        </Box>
      </Box>
    </Box>
  );
}

const ReportLine = memo(function ReportLine({
  row,
  rowIndex,
  index,
  top,
  measure,
}: {
  row: ReportRow;
  rowIndex: number;
  index: number;
  top: number;
  measure: (el: Element | null) => void;
}) {
  const t = useT();
  const { formatTime } = useFormat();
  const view = PHASE_VIEW[row.outcome];
  const probe = PROBE_VIEW[row.probe];
  const probeLabel = t(probe.label, { count: row.probeCount ?? 0, n: row.probeCount ?? 0 });
  const time = row.at === undefined ? '' : formatTime(row.at);
  const clip = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={rowIndex}
      data-testid="bulk-row"
      data-document-id={row.documentId}
      data-outcome={row.outcome}
      data-probe={row.probe}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        minHeight: ROW_PX,
        transform: `translateY(${top}px)`,
        display: 'grid',
        gridTemplateColumns: COLUMNS,
        columnGap: 8,
        alignItems: 'center',
        alignContent: 'center',
        padding: row.message ? '6px 10px' : '0 10px',
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <td style={{ ...clip, fontFamily: 'var(--mantine-font-family-monospace)' }}>
        <Link to={paths.document.href(row.documentId)}>{row.documentId}</Link>
      </td>
      <td>
        <StatusBadge tone={view.tone} size="sm" style={{ maxWidth: 'none', overflow: 'visible' }}>
          {t(view.label)}
        </StatusBadge>
      </td>
      <td
        title={[probeLabel, ...(row.probeEvidence ?? [])].join('\n')}
        data-testid="bulk-row-probe"
        style={{ minWidth: 0 }}
      >
        {/* Words, not a second badge: the outcome's badge stays the one a row is scanned for. */}
        <Text span size="xs" fw={500} c={PROBE_TONE_COLOR[probe.tone]} style={{ display: 'block', ...clip }}>
          {probeLabel}
        </Text>
      </td>
      <td style={clip} title={row.name}>
        {row.name ?? '—'}
      </td>
      <td>{row.attempts}</td>
      <td>{row.confirmedBy ? t(`knowledge.bulk.confirmedBy.${row.confirmedBy}`) : ''}</td>
      <td>{time}</td>
      {row.message ? (
        <td style={{ gridColumn: '2 / -1', ...clip }} title={row.message}>
          <Text span size="xs" c="red" data-testid="bulk-row-message">
            {row.message}
          </Text>
        </td>
      ) : null}
    </tr>
  );
});
