import { Box, Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useFormat, useT } from '../../../i18n';
import type { Exchange } from '../model/exchange';
import type { StreamSink } from '../model/stream-sink';
import { AnswerCard, type AnswerActions } from './AnswerCard';

/** The user's message: plain text, never Markdown (it is what was typed, and it may quote hostile text). */
const UserMessage = memo(function UserMessage({ message, sentAt }: { message: string; sentAt: number }) {
  const t = useT();
  const { formatDateTime } = useFormat();
  return (
    <Box style={{ alignSelf: 'flex-end', maxWidth: '85%' }}>
      <Paper radius="md" px="sm" py={6} bg="var(--mantine-primary-color-light)" data-testid="user-message">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message}
        </Text>
      </Paper>
      <Text size="xs" c="dimmed" ta="right" mt={2}>
        {t('playground.transcript.you')} · {formatDateTime(sentAt)}
      </Text>
    </Box>
  );
});

export interface TranscriptProps {
  exchanges: readonly Exchange[];
  sinkOf(id: string): StreamSink | undefined;
  allowRemoteImages: boolean;
  actions: AnswerActions;
}

/** Every exchange of the session. Each one re-renders only when its own exchange object changes. */
export function Transcript({ exchanges, sinkOf, allowRemoteImages, actions }: TranscriptProps) {
  return (
    <Stack gap="md" data-testid="transcript">
      {exchanges.map((exchange) => (
        <Stack key={exchange.id} gap="xs" data-testid="exchange">
          <UserMessage message={exchange.body.message} sentAt={exchange.sentAt} />
          <AnswerCard
            exchange={exchange}
            sink={sinkOf(exchange.id)}
            allowRemoteImages={allowRemoteImages}
            actions={actions}
          />
        </Stack>
      ))}
    </Stack>
  );
}
