import { Box, Button, Group, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { downloadText } from '../../components';
import { useFormat, useT } from '../../i18n';
import type { Batch, PhaseCounts, RowPhase } from '../../removal-engine/batch/batch';
import { reportCsv, reportFileName, reportJson, reportProbesOf, reportRows } from '../../removal-engine/batch/report';
import { PHASE_VIEW, retryableCount } from './bulk/view';
import { BulkReportLine, REPORT_COLUMNS as COLUMNS, ROW_PX } from './BulkReportLine';
import classes from './BulkRemoval.module.css';
import { loadProbeEvidence, useProbeEvidence } from './use-probe-evidence';

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

const MESSAGE_ROW_PX = 56;

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
  // Their evidence (the rows' tooltips, the files) loads once a report with probes is shown.
  const evidence = useProbeEvidence(batch.probeTarget !== undefined)?.reportEvidence;
  const rows = useMemo(() => reportRows(batch, { ...reportProbesOf(batch), evidence }), [batch, evidence]);
  /** The rows as the files write them: with their probes' evidence, loaded first if it has not yet. */
  const fileRows = async () => {
    if (evidence || batch.probeTarget === undefined) return rows;
    const loaded = await loadProbeEvidence().catch(() => undefined);
    return loaded ? reportRows(batch, { ...reportProbesOf(batch), evidence: loaded.reportEvidence }) : rows;
  };
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
            onClick={() =>
              void fileRows().then((r) => downloadText(reportFileName(batch, 'csv'), reportCsv(batch, r), 'text/csv'))
            }
          >
            {t('knowledge.bulk.report.csv')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              void fileRows().then((r) => downloadText(reportFileName(batch, 'json'), reportJson(batch, r)))
            }
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
                    <BulkReportLine
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
