import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { exportLog, keptHistory, LOG_BOUNDS, useKeptHistory, useRequestLog } from '../../lib';
import { EmptyState, downloadText, fileStamp } from '../../components';
import { useFormat, useT } from '../../i18n';
import { EntryDetail } from './EntryDetail';
import { formatBytes, visibleEntries, type StatusFilter } from './log-view';
import { OutcomeBadge } from './OutcomeBadge';

/**
 * Every call this browser has sent (kept across reloads, see lib/log/kept-history.ts), newest first; a row opens
 * its headers, bodies, drift and a curl command.
 */
export function RequestHistory() {
  const t = useT();
  const { formatNumber } = useFormat();
  const entries = useRequestLog();
  const kept = useKeptHistory();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const rows = useMemo(() => visibleEntries(entries, text, status), [entries, text, status]);
  const selected = selectedId ? entries.find((e) => e.id === selectedId) : undefined;

  const actions = (
    <Group gap="xs" justify="flex-end">
      <Button
        variant="default"
        disabled={entries.length === 0}
        onClick={() => downloadText(`knowledge-console-activity-${fileStamp()}.json`, exportLog())}
      >
        {t('activity.export')}
      </Button>
      <Button
        variant="default"
        color="red"
        disabled={entries.length === 0}
        onClick={() => {
          setSelectedId(null);
          void keptHistory.clear();
        }}
      >
        {t('activity.clear')}
      </Button>
    </Group>
  );

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 20rem' }}>
          {t('activity.kept', { capacity: LOG_BOUNDS.capacity })}{' '}
          {keptHistory.keepBodies() ? t('activity.kept.bodies') : t('activity.kept.noBodies')}
        </Text>
        {actions}
      </Group>
      {kept.error ? (
        <Alert color="red" title={t('activity.kept.failed')} mb="sm" role="alert">
          {kept.error.message}
        </Alert>
      ) : null}
      {entries.length === 0 ? (
        <EmptyState title={t('activity.empty.title')} description={t('activity.empty.body')} />
      ) : (
        <>
          <Group gap="sm" mb="sm" align="flex-end">
            <TextInput
              label={t('activity.filter.text')}
              placeholder={t('activity.filter.textPlaceholder')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: '1 1 16rem' }}
            />
            <SegmentedControl
              aria-label={t('activity.filter.status')}
              value={status}
              onChange={(v) => setStatus(v as StatusFilter)}
              data={[
                { value: 'all', label: t('activity.filter.all') },
                { value: 'ok', label: t('activity.filter.ok') },
                { value: 'errors', label: t('activity.filter.errors') },
                { value: 'pending', label: t('activity.filter.pending') },
              ]}
            />
          </Group>
          <Text size="xs" c="dimmed" mb={4} aria-live="polite">
            {t('activity.count', { shown: rows.length, total: entries.length })}
          </Text>
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover striped verticalSpacing={6} fz="sm" data-testid="activity-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('activity.col.time')}</Table.Th>
                  <Table.Th>{t('activity.col.method')}</Table.Th>
                  <Table.Th>{t('activity.col.host')}</Table.Th>
                  <Table.Th>{t('activity.col.path')}</Table.Th>
                  <Table.Th>{t('activity.col.status')}</Table.Th>
                  <Table.Th ta="right">{t('activity.col.duration')}</Table.Th>
                  <Table.Th ta="right">{t('activity.col.size')}</Table.Th>
                  <Table.Th ta="right">{t('activity.col.drift')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((entry) => (
                  <Table.Tr
                    key={entry.id}
                    onClick={() => setSelectedId(entry.id)}
                    style={{ cursor: 'pointer' }}
                    data-testid="activity-row"
                    aria-selected={entry.id === selectedId}
                  >
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Time ms={entry.startedAt} />
                      {entry.restored ? (
                        <Text span size="xs" c="dimmed" display="block">
                          {t('activity.restored')}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ff="monospace">{entry.method}</Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color={entry.host === 'base' ? 'indigo' : 'grape'} tt="none" size="sm">
                        {entry.host === 'base' ? t('activity.host.base') : t('activity.host.secondary')}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ maxWidth: 0, width: '40%' }}>
                      {/* The row is clickable for the mouse; this button is the keyboard's way in. */}
                      <UnstyledButton
                        onClick={(e) => {
                          e.stopPropagation();
                          setSelectedId(entry.id);
                        }}
                        aria-label={t('activity.openDetail', { method: entry.method, path: entry.path })}
                        title={entry.path}
                        style={{ display: 'block', maxWidth: '100%' }}
                      >
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm" ff="monospace" truncate>
                            {entry.path}
                          </Text>
                          {entry.purpose ? (
                            <Badge size="xs" variant="light" color="gray" tt="none" style={{ flex: 'none' }}>
                              {entry.purpose === 'test-connection' ? t('activity.purpose.check') : entry.purpose}
                            </Badge>
                          ) : null}
                        </Group>
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>
                      <OutcomeBadge entry={entry} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {entry.durationMs !== undefined
                        ? t('activity.ms', { ms: formatNumber(Math.round(entry.durationMs)) })
                        : '—'}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatBytes(entry.sizeBytes)}
                    </Table.Td>
                    <Table.Td ta="right">
                      {entry.drift.length > 0 ? (
                        <Badge
                          color="yellow"
                          variant="light"
                          aria-label={t('activity.driftCount', { count: entry.drift.length })}
                        >
                          {entry.drift.length}
                        </Badge>
                      ) : (
                        <Text span size="sm" c="dimmed">
                          0
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('activity.noMatch')}
            </Text>
          ) : null}
        </>
      )}
      <Drawer
        opened={Boolean(selected)}
        onClose={() => setSelectedId(null)}
        position="right"
        size="xl"
        title={selected ? `${selected.method} ${selected.path}` : ''}
        styles={{
          title: {
            fontFamily: 'var(--mantine-font-family-monospace)',
            fontSize: 'var(--mantine-font-size-sm)',
            wordBreak: 'break-all',
          },
        }}
      >
        {selected ? <EntryDetail entry={selected} /> : null}
      </Drawer>
    </>
  );
}

/** Time of day with seconds; the full date on hover. */
function Time({ ms }: { ms: number }) {
  const { formatDateTime } = useFormat();
  const d = new Date(ms);
  const hhmmss = [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
  return (
    <Text span size="sm" title={formatDateTime(ms)} ff="monospace">
      {hhmmss}.{String(d.getMilliseconds()).padStart(3, '0')}
    </Text>
  );
}
