import { Group, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormat, useT } from '../../../i18n';
import type { Exchange } from '../model/exchange';

function Item({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  const body = (
    <Text size="xs" c="dimmed" component="span">
      {label}{' '}
      <Text span size="xs" fw={600} c="var(--mantine-color-text)" ff="monospace">
        {children}
      </Text>
    </Text>
  );
  return hint ? (
    <Tooltip label={hint} withArrow multiline maw={280}>
      {body}
    </Tooltip>
  ) : (
    body
  );
}

/** Token usage, timing and ids of one answer, in one wrapping line. */
export function AnswerMeta({ exchange }: { exchange: Exchange }) {
  const t = useT();
  const { formatNumber } = useFormat();
  const usage = exchange.result?.token_usage;
  const { latencyMs, ttfbMs, firstTextMs } = exchange.timing;
  const ms = (n: number) => t('playground.meta.ms', { ms: formatNumber(n) });
  return (
    <Group gap="md" style={{ rowGap: 2 }} data-testid="answer-meta">
      {usage ? (
        <>
          <Item label={t('playground.meta.model')}>{usage.model_name || '—'}</Item>
          <Item label={t('playground.meta.prompt')}>
            <span data-testid="usage-prompt">{formatNumber(usage.prompt_tokens ?? 0)}</span>
          </Item>
          <Item label={t('playground.meta.completion')}>
            <span data-testid="usage-completion">{formatNumber(usage.completion_tokens ?? 0)}</span>
          </Item>
          <Item label={t('playground.meta.total')}>
            <span data-testid="usage-total">{formatNumber(usage.total_tokens ?? 0)}</span>
          </Item>
        </>
      ) : null}
      {latencyMs !== undefined ? <Item label={t('playground.meta.latency')}>{ms(latencyMs)}</Item> : null}
      <Item
        label={t('playground.meta.ttfb')}
        hint={ttfbMs === undefined ? t('playground.meta.ttfbUnmeasured') : t('playground.meta.ttfbHint')}
      >
        {ttfbMs === undefined ? '—' : ms(ttfbMs)}
      </Item>
      {firstTextMs !== undefined ? <Item label={t('playground.meta.firstText')}>{ms(firstTextMs)}</Item> : null}
      {exchange.result?.message_id ? <Item label="message_id">{exchange.result.message_id}</Item> : null}
      {exchange.conversationId ? <Item label="conversation_id">{exchange.conversationId}</Item> : null}
    </Group>
  );
}
