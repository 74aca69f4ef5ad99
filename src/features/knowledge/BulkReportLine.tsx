import { Text } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge, type StatusTone } from '../../components';
import { useFormat, useT } from '../../i18n';
import type { ReportRow } from '../../removal-engine/batch/report';
import { PHASE_VIEW, PROBE_VIEW } from './bulk/view';
import { paths } from '../../config/paths';

export const ROW_PX = 34;

/**
 * Id, outcome, then the rest: the outcome is what the report is read for, so it is in view beside the id on a phone
 * (420 px) without scrolling sideways; whether it is gone from answers comes next, then the name, attempts,
 * confirmation and time.
 */
export const REPORT_COLUMNS =
  'minmax(8rem, 1fr) minmax(8rem, 1.1fr) minmax(10rem, 1.4fr) minmax(8rem, 2fr) 4.5rem minmax(6rem, 1fr) 6.5rem';

/** The probe column's words, coloured by their tone (dimmed when nothing is claimed). */
const PROBE_TONE_COLOR: Record<StatusTone, string> = {
  ok: 'teal',
  error: 'red',
  warning: 'orange',
  info: 'blue',
  unknown: 'dimmed',
};

/** One line of a batch's report (BulkReport places it: the table's rows are virtualised). */
export const BulkReportLine = memo(function BulkReportLine({
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
        gridTemplateColumns: REPORT_COLUMNS,
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
