import { Alert, Anchor, Button, Collapse, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { memo, useState } from 'react';
import { requestLog } from '../../../lib';
import {
  DriftWarnings,
  ErrorState,
  RawJson,
  StatusBadge,
  StatusBadgeWithTooltip,
  type StatusTone,
} from '../../../components';
import { useT, type MessageKey } from '../../../i18n';
import { copyText as writeClipboard, CopyTextButton, SafeMarkdown, SourcesList } from '../../../components';
import { isRunning, type AnswerStatus } from '../model/answer-status';
import { toApiError, type Exchange } from '../model/exchange';
import { curlFor } from '../model/export';
import { canAddToSuite } from '../model/add-to-suite';
import type { StreamSink } from '../model/stream-sink';
import { AddToSuiteMenu } from './AddToSuiteMenu';
import { AnswerMeta } from './AnswerMeta';
import { StreamingAnswer } from './StreamingAnswer';
import { TracePanel } from './TracePanel';

export interface AnswerActions {
  /** Sends the exchange's request again (optionally without streaming); never called without a click. */
  onResend(exchange: Exchange, options?: { stream?: boolean }): void;
  /** The active profile's token, read only when "copy cURL with token" is chosen. */
  getToken(): string | undefined;
}

const TONE: Record<AnswerStatus, StatusTone> = {
  pending: 'info',
  streaming: 'info',
  done: 'ok',
  stopped: 'warning',
  ended_early: 'warning',
  error: 'error',
};

export const statusKey = (status: AnswerStatus): MessageKey => `playground.status.${status}`;

function copyText(text: string, done: string) {
  void writeClipboard(text).then(
    () => notifications.show({ message: done, color: 'teal', autoClose: 1500 }),
    () => undefined,
  );
}

/** The request and the answer exactly as they went over the wire. */
function RawExchange({ exchange }: { exchange: Exchange }) {
  const t = useT();
  // While the request log still holds the call, a stream's full event text is there; the stored copy is the final event.
  const logged = exchange.logId ? requestLog.getEntry(exchange.logId)?.responseBody : undefined;
  const response = logged ?? exchange.rawResponse ?? exchange.error?.rawBody;
  return (
    <Stack gap="xs">
      <RawJson
        label={t('playground.raw.request', { url: `POST ${exchange.url}` })}
        value={exchange.body}
        maxHeight="16rem"
      />
      {response !== undefined ? (
        <RawJson label={t('playground.raw.response')} value={response} maxHeight="20rem" />
      ) : null}
    </Stack>
  );
}

/**
 * One answer: the message (streaming, or Markdown once finished), its status, sources, usage and timing,
 * its raw request and response, and its actions. Memoised on the exchange object, so a finished answer
 * does not render again while another one streams.
 */
export const AnswerCard = memo(function AnswerCard({
  exchange,
  sink,
  allowRemoteImages,
  actions,
}: {
  exchange: Exchange;
  sink?: StreamSink;
  allowRemoteImages: boolean;
  actions: AnswerActions;
}) {
  const t = useT();
  const [showRaw, setShowRaw] = useState(false);
  const running = isRunning(exchange.status);
  const chunks = exchange.result?.document_chunks ?? [];
  return (
    <Paper withBorder radius="md" p="sm" data-testid="answer" data-status={exchange.status} aria-busy={running}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {t('playground.answer.assistant')}
            </Text>
            {exchange.status !== 'done' ? (
              <StatusBadge tone={TONE[exchange.status]}>
                <span data-testid="answer-status">{t(statusKey(exchange.status))}</span>
              </StatusBadge>
            ) : null}
            {exchange.answeredAsJson ? (
              <StatusBadgeWithTooltip tone="info" tooltip={t('playground.answer.jsonHint')}>
                {t('playground.answer.json')}
              </StatusBadgeWithTooltip>
            ) : null}
            {exchange.body.stream && !exchange.answeredAsJson ? (
              <Text size="xs" c="dimmed">
                {t('playground.answer.streamed')}
              </Text>
            ) : null}
          </Group>
        </Group>

        {running && sink ? (
          <StreamingAnswer sink={sink} allowRemoteImages={allowRemoteImages} />
        ) : running ? (
          <Text size="sm" c="dimmed">
            {t('playground.answer.waiting')}
          </Text>
        ) : (
          <>
            {exchange.trace.length > 0 ? <TracePanel items={exchange.trace} /> : null}
            {exchange.text ? (
              <div data-testid="answer-text">
                <SafeMarkdown text={exchange.text} allowRemoteImages={allowRemoteImages} />
              </div>
            ) : exchange.status === 'stopped' ? (
              <Text size="sm" c="dimmed">
                {t('playground.answer.stoppedEmpty')}
              </Text>
            ) : null}
          </>
        )}

        {exchange.streamErrors.length > 0 ? (
          <Alert color="red" variant="light" title={t('playground.answer.streamErrors')}>
            {exchange.streamErrors.map((message, i) => (
              <Text key={i} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        ) : null}
        {exchange.status === 'ended_early' ? (
          <Alert color="orange" variant="light" title={t('playground.answer.endedEarly')} data-testid="ended-early">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('playground.answer.endedEarlyHint')}</Text>
              <Button
                size="xs"
                variant="light"
                color="orange"
                onClick={() => actions.onResend(exchange, { stream: false })}
              >
                {t('playground.answer.retryNoStream')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {exchange.status === 'error' && exchange.error ? (
          <ErrorState error={toApiError(exchange.error)} onRetry={() => actions.onResend(exchange)} />
        ) : null}
        {exchange.drift.length > 0 ? <DriftWarnings warnings={exchange.drift} /> : null}

        {/* Usage and timing beside the answer they describe, above its sources (a long list would push them away). */}
        {!running ? <AnswerMeta exchange={exchange} /> : null}

        {chunks.length > 0 || exchange.status === 'done' ? (
          <Stack gap={4}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {t('answer.sources.title', { count: chunks.length })}
            </Text>
            <SourcesList chunks={chunks} />
          </Stack>
        ) : null}

        {!running ? (
          <>
            <Group gap="xs">
              {exchange.text ? (
                <CopyTextButton
                  size="compact-xs"
                  variant="subtle"
                  value={exchange.text}
                  label={t('playground.answer.copyAnswer')}
                  copiedLabel={t('common.copied')}
                />
              ) : null}
              <Button size="compact-xs" variant="subtle" onClick={() => actions.onResend(exchange)}>
                {t('playground.answer.regenerate')}
              </Button>
              {canAddToSuite(exchange) ? <AddToSuiteMenu exchange={exchange} /> : null}
              <Menu position="bottom-start" withinPortal>
                <Menu.Target>
                  <Button size="compact-xs" variant="subtle">
                    {t('playground.answer.curl')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => copyText(curlFor(exchange), t('common.copied'))}>
                    {t('playground.answer.curlRedacted')}
                  </Menu.Item>
                  <Menu.Item
                    color="orange"
                    onClick={() => copyText(curlFor(exchange, actions.getToken()), t('common.copied'))}
                  >
                    {t('playground.answer.curlWithToken')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() => setShowRaw((s) => !s)}
                aria-expanded={showRaw}
              >
                {showRaw ? t('playground.raw.hide') : t('playground.raw.show')}
              </Anchor>
            </Group>
            <Collapse expanded={showRaw}>{showRaw ? <RawExchange exchange={exchange} /> : null}</Collapse>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
});
