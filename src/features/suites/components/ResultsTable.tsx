import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMergedRef } from '@mantine/hooks';
import { memo, useRef } from 'react';
import type { CaseOutcome } from '../../../suite-engine';
import { ScrollCue, useSideOverflow } from '../../../components';
import { useFormat, useT } from '../../../i18n';
import { CaseScores } from './CaseScores';
import { CaseStatusBadge } from './CaseStatusBadge';
import type { CaseRowData } from '../model/case-rows';
import classes from './ResultsTable.module.css';

// Four lines: the status, the figures, two of assertions; each line shows whole items or none, never half a chip.
const ROW_PX = 96;
const HEAD_PX = 36;

/**
 * The results, one row per case with each variant side by side: status, repetitions passed, each assertion's
 * outcome, latency, tokens, top score. Virtualised with fixed-height rows: a 2,000-case run scrolls as one of 20.
 */
export function ResultsTable({
  rows,
  variants,
  showVariants,
  onOpen,
  running = false,
}: {
  rows: CaseRowData[];
  variants: string[];
  showVariants: boolean;
  onOpen(caseId: string): void;
  /** The run goes on: a case not run yet is queued, not "not run". */
  running?: boolean;
}) {
  const t = useT();
  const scrollRef = useRef<HTMLDivElement>(null);
  // At 420 px the variant column runs past the edge: the same cue as the other tables says so.
  const [cueRef, more] = useSideOverflow();
  const scrollerRef = useMergedRef(scrollRef, cueRef);
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 8,
  });
  const columns = `minmax(12rem, 1.2fr) repeat(${variants.length}, minmax(15rem, 1fr))`;
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('suites.results.none')}
      </Text>
    );
  }
  return (
    <ScrollCue more={more}>
      <Box
        ref={scrollerRef}
        className={classes.scroller}
        // As tall as its rows, up to most of the screen.
        style={{ height: `min(70vh, 46rem, ${rows.length * ROW_PX + HEAD_PX}px)` }}
        data-testid="results-table"
        tabIndex={0}
      >
        <table className={classes.table} aria-label={t('suites.results.label')} aria-rowcount={rows.length + 1}>
          <thead className={classes.head}>
            <tr className={classes.headRow} style={{ gridTemplateColumns: columns }}>
              <th className={classes.cell}>{t('suites.results.case')}</th>
              {variants.map((v) => (
                <th key={v} className={classes.cell}>
                  {showVariants ? t('suites.results.variant', { id: v }) : t('suites.results.result')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              return (
                <tr
                  key={row.caseId}
                  aria-rowindex={item.index + 2}
                  className={classes.row}
                  data-testid="result-row"
                  data-case={row.caseId}
                  style={{ gridTemplateColumns: columns, height: ROW_PX, transform: `translateY(${item.start}px)` }}
                >
                  <ResultCells row={row} variants={variants} onOpen={onOpen} running={running} />
                </tr>
              );
            })}
          </tbody>
        </table>
      </Box>
    </ScrollCue>
  );
}

/** Memoised: a row re-renders only when its own outcomes change (results stream in while the table is shown). */
const ResultCells = memo(
  function ResultCells({
    row,
    variants,
    onOpen,
    running,
  }: {
    row: CaseRowData;
    variants: string[];
    onOpen(caseId: string): void;
    running: boolean;
  }) {
    const t = useT();
    return (
      <>
        <td className={classes.cell}>
          <UnstyledButton
            onClick={() => onOpen(row.caseId)}
            className={classes.open}
            aria-label={t('suites.results.open', { id: row.caseId })}
          >
            <Text size="sm" fw={600} ff="monospace" truncate>
              {row.caseId}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {row.question}
            </Text>
          </UnstyledButton>
        </td>
        {variants.map((v) => (
          <OutcomeCell key={v} outcome={row.byVariant.get(v)} running={running} />
        ))}
      </>
    );
  },
  (a, b) =>
    a.row.caseId === b.row.caseId &&
    a.variants === b.variants &&
    a.onOpen === b.onOpen &&
    a.running === b.running &&
    sameOutcomes(a.row, b.row),
);

function sameOutcomes(a: CaseRowData, b: CaseRowData) {
  if (a.byVariant.size !== b.byVariant.size) return false;
  for (const [k, o] of a.byVariant) {
    const p = b.byVariant.get(k);
    if (!p || p.status !== o.status || p.done !== o.done) return false;
  }
  return a.question === b.question;
}

function OutcomeCell({ outcome, running }: { outcome: CaseOutcome | undefined; running: boolean }) {
  const t = useT();
  const { formatNumber } = useFormat();
  if (!outcome)
    return <td className={classes.cell} aria-label={t(running ? 'suites.status.queued' : 'suites.status.not_run')} />;
  const metrics = [
    outcome.latencyMs === undefined ? undefined : `${formatNumber(Math.round(outcome.latencyMs))} ms`,
    outcome.totalTokens === undefined
      ? undefined
      : t('suites.results.tokens', { n: formatNumber(outcome.totalTokens) }),
    outcome.topScore === undefined
      ? undefined
      : t('suites.results.top', { score: formatNumber(Number(outcome.topScore.toFixed(2))) }),
  ].filter(Boolean);
  return (
    <td className={classes.cell} data-status={outcome.status}>
      <Group gap={6} wrap="nowrap">
        <CaseStatusBadge status={outcome.status} running={running} />
        {outcome.planned > 1 || (outcome.done > 0 && outcome.done < outcome.planned) ? (
          <Text size="xs" c="dimmed" data-testid="repetitions" style={{ whiteSpace: 'nowrap' }}>
            {t('suites.results.reps', { passed: outcome.passed, total: outcome.planned })}
          </Text>
        ) : null}
      </Group>
      {/* A figure that does not fit goes to a hidden line whole (the case's drawer has them all), never cut. */}
      <div className={classes.figures} title={metrics.join(' · ')} data-testid="result-figures">
        <CaseScores outcome={outcome} />
        {metrics.map((m) => (
          <span key={m}>{m}</span>
        ))}
      </div>
      <div className={classes.assertions}>
        {outcome.assertions.map((a) => (
          <span
            key={a.key}
            className={a.passed === a.total ? classes.ok : classes.bad}
            title={`${a.key}: ${a.passed}/${a.total}`}
          >
            {a.passed === a.total ? '✓' : '✗'} {a.key}
            {a.total > 1 && a.passed !== a.total ? ` ${a.passed}/${a.total}` : ''}
          </span>
        ))}
        {outcome.attempts.some((x) => x.status === 'error') ? (
          <span className={classes.bad}>{t('suites.results.serviceError')}</span>
        ) : null}
      </div>
    </td>
  );
}
