import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { KnowledgeRead } from '../../contract';
import { timestampToMs } from '../../contract';
import { CopyButton, Hint } from '../../components';
import { useFormat, useT, type MessageKey } from '../../i18n';
import { paths } from '../../config/paths';
import classes from './KnowledgeRecordView.module.css';

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
  const missing = <span className={classes.missing}>{t('knowledge.field.missing')}</span>;
  const empty = <span className={classes.dimmed}>{t('knowledge.value.empty')}</span>;
  const mono = (value: string | undefined, copyLabel?: string) =>
    value === undefined ? (
      missing
    ) : (
      <span className={classes.inline}>
        <span className={classes.mono}>{value}</span>
        {copyLabel ? <CopyButton value={value} label={copyLabel} size="xs" /> : null}
      </span>
    );
  const yesNo = (value: boolean | undefined) =>
    value === undefined ? missing : value ? t('knowledge.value.yes') : t('knowledge.value.no');
  const time = (value: number | undefined) =>
    value === undefined ? (
      missing
    ) : (
      <Hint label={t('knowledge.value.rawTimestamp', { value })} placement="above">
        {/* Focusable so the keyboard reaches the raw value's hint, as the pointer does by hovering. */}
        {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <span title={String(value)} tabIndex={0}>
          {formatDateTime(timestampToMs(value))}
        </span>
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
        <span className={classes.inline}>
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
        </span>
      ),
    ],
    [
      'knowledge.field.description',
      'description',
      record.description === undefined ? missing : record.description === '' ? empty : record.description,
    ],
    ['knowledge.field.icon', 'icon', record.icon === undefined ? missing : record.icon === '' ? empty : record.icon],
    ['knowledge.field.category', 'category', record.category === undefined ? missing : record.category || empty],
    ['knowledge.field.personal', 'personal', yesNo(record.personal)],
    ['knowledge.field.status', 'status', record.status === undefined ? missing : String(record.status)],
    [
      'knowledge.field.total_files',
      'total_files',
      record.total_files === undefined ? (
        missing
      ) : (
        <span className={classes.inlineWrap}>
          <span data-testid="total-files">{formatNumber(record.total_files)}</span>
          {pendingDeletions > 0 ? (
            <Badge size="sm" variant="light" color="yellow">
              {t('knowledge.totalFiles.pending', { count: pendingDeletions })}
            </Badge>
          ) : null}
        </span>
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
        <div className={classes.scroll}>
          <table className={classes.table}>
            <tbody>
              {rows.map(([label, wire, value]) => (
                <tr key={wire} data-field={wire} className={classes.row}>
                  <th scope="row" className={classes.label}>
                    <div className={classes.name}>{t(label)}</div>
                    <div className={classes.wire}>{wire}</div>
                  </th>
                  <td className={classes.value}>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Stack>
    </Paper>
  );
}
