import { Alert, Badge, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RequestLogEntry } from '../../lib';
import { CopyButton, DriftWarnings } from '../../components';
import { useFormat, useT } from '../../i18n';
import { CurlCommand } from './CurlCommand';
import { formatBytes, prettyBody } from './log-view';
import { OutcomeBadge } from './OutcomeBadge';

/** Everything the log kept about one call. The Authorization header is always `Bearer ***` here. */
export function EntryDetail({ entry }: { entry: RequestLogEntry }) {
  const t = useT();
  const { formatDateTime, formatNumber } = useFormat();
  // A call read back from an earlier visit keeps its bodies only when Settings says so.
  const noBody = entry.restored ? t('activity.detail.bodyNotKept') : t('activity.detail.noBody');
  const request = prettyBody(entry.requestBody);
  const response = prettyBody(entry.responseBody);
  const headers = Object.entries(entry.requestHeaders);

  return (
    <Stack gap="md" data-testid="activity-detail">
      <Stack gap={4}>
        <Group gap="xs">
          <Badge variant="default" ff="monospace">
            {entry.method}
          </Badge>
          <OutcomeBadge entry={entry} />
          <Text size="sm" c="dimmed">
            {entry.host === 'base' ? t('host.base') : t('host.secondary')}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {entry.targetUrl}
          </Text>
          <CopyButton value={entry.targetUrl} label={t('activity.detail.url')} size="xs" />
        </Group>
        <Text size="xs" c="dimmed">
          {[
            formatDateTime(entry.startedAt),
            entry.durationMs !== undefined
              ? t('activity.ms', { ms: formatNumber(Math.round(entry.durationMs)) })
              : null,
            entry.sizeBytes !== undefined ? formatBytes(entry.sizeBytes) : null,
            entry.endpoint ? t('activity.detail.endpoint', { name: entry.endpoint }) : null,
            entry.purpose ? t('activity.detail.purpose', { purpose: entry.purpose }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>

      {entry.errorKind || entry.errorMessage ? (
        <Alert
          color="red"
          variant="light"
          title={t('activity.detail.error', { kind: entry.errorKind ?? '—' })}
          data-testid="activity-error"
        >
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {entry.errorMessage ?? ''}
          </Text>
        </Alert>
      ) : null}
      {entry.drift.length > 0 ? <DriftWarnings warnings={entry.drift} /> : null}

      <Section title={t('activity.detail.curl')}>
        <CurlCommand entry={entry} />
      </Section>

      <Section title={t('activity.detail.requestHeaders')}>
        {headers.length > 0 ? (
          <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm">
            <Table.Tbody>
              {headers.map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Th w="1%" fw={500} style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {name}
                  </Table.Th>
                  <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {value}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            {t('common.none')}
          </Text>
        )}
      </Section>

      <Section title={t('activity.detail.requestBody')}>
        <Body text={request.text} empty={noBody} testId="activity-request-body" />
      </Section>

      <Section
        title={entry.responseTruncated ? t('activity.detail.responseBodyTruncated') : t('activity.detail.responseBody')}
      >
        {entry.pending ? (
          <Text size="sm" c="dimmed">
            {t('activity.pending')}
          </Text>
        ) : (
          <Body text={response.text} empty={noBody} testId="activity-response-body" />
        )}
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Body({ text, empty, testId }: { text: string; empty: string; testId: string }) {
  const t = useT();
  if (!text) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <div style={{ position: 'relative' }}>
      <div style={{ position: 'absolute', top: 4, right: 4 }}>
        <CopyButton value={text} label={t('activity.detail.body')} size="xs" />
      </div>
      <Code
        block
        data-testid={testId}
        style={{
          maxHeight: '20rem',
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          paddingRight: 32,
        }}
      >
        {text}
      </Code>
    </div>
  );
}
