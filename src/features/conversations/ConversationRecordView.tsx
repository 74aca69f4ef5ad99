import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { timestampToMs, type Conversation, type DriftWarning } from '../../contract';
import { CopyButton, DriftWarnings, RawJson } from '../../components';
import { useFormat, useT } from '../../i18n';

export interface ConversationRecordViewProps {
  record: Conversation;
  /** The answer as received, for the raw view. */
  raw: unknown;
  drift: DriftWarning[];
  title: string;
  tone?: 'success' | 'danger';
  testId?: string;
}

/** A conversation record as the service returned it: the agent it is bound to, its dates and fields. */
export function ConversationRecordView({
  record,
  raw,
  drift,
  title,
  tone = 'success',
  testId,
}: ConversationRecordViewProps) {
  const t = useT();
  const agent = record.agent;
  const none = (
    <Text span c="dimmed">
      {t('conversations.value.none')}
    </Text>
  );
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={title}
      data-testid={testId}
      style={{ borderColor: `var(--mantine-color-${tone === 'danger' ? 'red' : 'teal'}-outline)` }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Group gap="sm" wrap="nowrap" align="center" data-testid="record-agent">
          <AgentIcon icon={agent?.icon} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>{agent?.name || t('conversations.agent.unnamed')}</Text>
            <Group gap={6}>
              {agent?.mode ? (
                <Badge variant="light" size="sm" tt="none">
                  {t('conversations.agent.mode', { mode: agent.mode })}
                </Badge>
              ) : null}
              <Text size="xs" c="dimmed" ff="monospace">
                {agent?.agent_id ?? record.agent_id ?? ''}
              </Text>
            </Group>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
          <Item label={t('conversations.field.title')}>{record.title ? record.title : none}</Item>
          <Item label={t('conversations.field.conversation_id')}>
            <Group gap={4} wrap="nowrap">
              <Text size="sm" ff="monospace">
                {record.conversation_id ?? ''}
              </Text>
              {record.conversation_id ? (
                <CopyButton value={record.conversation_id} label={t('conversations.field.conversation_id')} size="xs" />
              ) : null}
            </Group>
          </Item>
          <Item label={t('conversations.field.created_at')}>
            <Timestamp value={record.created_at} />
          </Item>
          <Item label={t('conversations.field.updated_at')}>
            <Timestamp value={record.updated_at} />
          </Item>
          <Item label={t('conversations.field.status')}>
            {record.status !== undefined ? String(record.status) : none}
          </Item>
          <Item label={t('conversations.field.enable_websearch')}>
            {record.config?.enable_websearch === undefined
              ? none
              : record.config.enable_websearch
                ? t('conversations.value.on')
                : t('conversations.value.off')}
          </Item>
          <Item label={t('conversations.field.third_user_id')}>
            {record.third_user_id ? (
              <Text span ff="monospace" size="sm">
                {record.third_user_id}
              </Text>
            ) : (
              none
            )}
          </Item>
          <Item label={t('conversations.field.file_ids')}>
            {record.file_ids && record.file_ids.length > 0 ? (
              <Group gap={4}>
                {record.file_ids.map((f) => (
                  <Badge key={f} variant="outline" color="gray" tt="none" ff="monospace">
                    {f}
                  </Badge>
                ))}
              </Group>
            ) : (
              none
            )}
          </Item>
          <Item label={t('conversations.field.org_user')}>
            <Text span size="sm" ff="monospace">
              {record.org_id ?? '—'} / {record.user_id ?? '—'}
            </Text>
          </Item>
          <Item label={t('conversations.field.user_files')}>
            {t('conversations.value.count', { count: record.user_files?.length ?? 0 })}
          </Item>
        </SimpleGrid>
        {drift.length > 0 ? <DriftWarnings warnings={drift} /> : null}
        <RawJson value={raw} label={t('conversations.rawRecord')} maxHeight="16rem" />
      </Stack>
    </Paper>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Local date-time; the raw wire value on hover (the spec does not give the unit). */
function Timestamp({ value }: { value: number | undefined }) {
  const t = useT();
  const { formatDateTime } = useFormat();
  if (value === undefined)
    return (
      <Text span c="dimmed">
        {t('conversations.value.none')}
      </Text>
    );
  return (
    <Tooltip label={t('conversations.rawTimestamp', { value })} withArrow>
      <Text span size="sm" tabIndex={0}>
        {formatDateTime(timestampToMs(value))}
      </Text>
    </Tooltip>
  );
}

/** An agent's icon is a string: an emoji or short text is shown as is; anything long (a URL) stays text, never fetched. */
function AgentIcon({ icon }: { icon: string | undefined }) {
  const short = icon && [...icon].length <= 4 ? icon : undefined;
  return (
    <Tooltip label={icon ?? ''} disabled={!icon || Boolean(short)} withArrow>
      <Text
        component="span"
        aria-hidden="true"
        fz={22}
        w={40}
        h={40}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: 8,
          background: 'var(--mantine-color-default-hover)',
          flex: 'none',
        }}
      >
        {short ?? '🤖'}
      </Text>
    </Tooltip>
  );
}
