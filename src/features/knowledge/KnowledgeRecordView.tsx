import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { KnowledgeRead } from '../../contract';
import { timestampToMs } from '../../contract';
import { CopyButton, Hint } from '../../components';
import { useFormat, useT, type MessageKey } from '../../i18n';
import { paths } from '../../config/paths';

export interface KnowledgeRecordViewProps {
  knowledgeId: string;
  record: KnowledgeRead;
  /** Active deletions of this knowledge base: total_files is shown with them. */
  pendingDeletions: number;
}

/** Every KnowledgeRead field in words; a field the answer lacked (drift) reads "not in the answer". */
export function KnowledgeRecordView({ knowledgeId, record, pendingDeletions }: KnowledgeRecordViewProps) {
  const t = useT();
  const { formatDateTime, formatNumber } = useFormat();
  const missing = (
    <Text span size="sm" c="dimmed" fs="italic">
      {t('knowledge.field.missing')}
    </Text>
  );
  const mono = (value: string | undefined, copyLabel?: string) =>
    value === undefined ? (
      missing
    ) : (
      <Group gap={4} wrap="nowrap">
        <Text span size="sm" ff="monospace">
          {value}
        </Text>
        {copyLabel ? <CopyButton value={value} label={copyLabel} size="xs" /> : null}
      </Group>
    );
  const yesNo = (value: boolean | undefined) =>
    value === undefined ? missing : value ? t('knowledge.value.yes') : t('knowledge.value.no');
  const time = (value: number | undefined) =>
    value === undefined ? (
      missing
    ) : (
      <Hint label={t('knowledge.value.rawTimestamp', { value })} placement="above">
        <Text span size="sm" title={String(value)} tabIndex={0}>
          {formatDateTime(timestampToMs(value))}
        </Text>
      </Hint>
    );

  const rows: [MessageKey, string, ReactNode][] = [
    [
      'knowledge.field.knowledge_id',
      'knowledge_id',
      mono(record.knowledge_id ?? knowledgeId, t('knowledge.field.knowledge_id')),
    ],
    [
      'knowledge.field.dataset_id',
      'dataset_id',
      record.dataset_id === undefined ? (
        missing
      ) : (
        <Group gap={4} wrap="nowrap">
          <Anchor
            component={Link}
            to={paths.dataset.href(record.dataset_id)}
            size="sm"
            ff="monospace"
            data-testid="dataset-link"
          >
            {record.dataset_id}
          </Anchor>
          <CopyButton value={record.dataset_id} label={t('knowledge.field.dataset_id')} size="xs" />
        </Group>
      ),
    ],
    [
      'knowledge.field.description',
      'description',
      record.description === undefined ? (
        missing
      ) : record.description === '' ? (
        <Text span size="sm" c="dimmed">
          {t('knowledge.value.empty')}
        </Text>
      ) : (
        record.description
      ),
    ],
    [
      'knowledge.field.icon',
      'icon',
      record.icon === undefined ? (
        missing
      ) : record.icon === '' ? (
        <Text span size="sm" c="dimmed">
          {t('knowledge.value.empty')}
        </Text>
      ) : (
        record.icon
      ),
    ],
    [
      'knowledge.field.category',
      'category',
      record.category === undefined
        ? missing
        : record.category || (
            <Text span size="sm" c="dimmed">
              {t('knowledge.value.empty')}
            </Text>
          ),
    ],
    ['knowledge.field.personal', 'personal', yesNo(record.personal)],
    ['knowledge.field.status', 'status', record.status === undefined ? missing : String(record.status)],
    [
      'knowledge.field.total_files',
      'total_files',
      record.total_files === undefined ? (
        missing
      ) : (
        <Group gap="xs">
          <Text span size="sm" data-testid="total-files">
            {formatNumber(record.total_files)}
          </Text>
          {pendingDeletions > 0 ? (
            <Badge size="sm" variant="light" color="yellow">
              {t('knowledge.totalFiles.pending', { count: pendingDeletions })}
            </Badge>
          ) : null}
        </Group>
      ),
    ],
    ['knowledge.field.default_folder_id', 'default_folder_id', mono(record.default_folder_id)],
    [
      'knowledge.field.owned_delete_permission',
      'owned_delete_permission',
      record.owned_delete_permission === undefined ? (
        missing
      ) : (
        <Badge size="sm" variant="light" color={record.owned_delete_permission ? 'teal' : 'orange'}>
          {record.owned_delete_permission ? t('knowledge.value.deleteAllowed') : t('knowledge.value.deleteNotAllowed')}
        </Badge>
      ),
    ],
    ['knowledge.field.org_id', 'org_id', mono(record.org_id)],
    ['knowledge.field.user_id', 'user_id', mono(record.user_id)],
    ['knowledge.field.created_at', 'created_at', time(record.created_at)],
    ['knowledge.field.updated_at', 'updated_at', time(record.updated_at)],
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="center">
          {record.icon ? (
            <Text fz={28} lh={1} aria-hidden="true">
              {record.icon}
            </Text>
          ) : null}
          <Title order={2} size="h3" data-testid="knowledge-name" style={{ overflowWrap: 'anywhere' }}>
            {record.name === undefined || record.name === '' ? t('knowledge.unnamed') : record.name}
          </Title>
        </Group>
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing={6} horizontalSpacing="sm" withRowBorders>
            <Table.Tbody>
              {rows.map(([label, wire, value]) => (
                <Table.Tr key={wire} data-field={wire}>
                  <Table.Th w="14rem" fw={500} style={{ verticalAlign: 'top' }}>
                    <Text size="sm" fw={500}>
                      {t(label)}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {wire}
                    </Text>
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
