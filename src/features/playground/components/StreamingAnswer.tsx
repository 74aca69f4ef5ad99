import { Text } from '@mantine/core';
import { useMemo, useSyncExternalStore } from 'react';
import { useT } from '../../../i18n';
import { SafeMarkdown } from '../../../components';
import { splitStable } from '../markdown/stream-blocks';
import type { StreamSink } from '../model/stream-sink';
import { TracePanel } from './TracePanel';

/**
 * The message being streamed. It alone listens to the stream's sink (at most one render per frame):
 * finished blocks render as Markdown once each, the block still being written shows as plain text.
 */
export function StreamingAnswer({ sink, allowRemoteImages }: { sink: StreamSink; allowRemoteImages: boolean }) {
  const t = useT();
  const { text, trace } = useSyncExternalStore(sink.subscribe, sink.getSnapshot, sink.getSnapshot);
  const { blocks, tail } = useMemo(() => splitStable(text), [text]);
  return (
    <div data-testid="streaming-answer" aria-busy="true">
      {trace.length > 0 ? <TracePanel items={trace} live /> : null}
      {blocks.map((block, i) => (
        // Blocks never change once split off, so their index is a stable key.
        <SafeMarkdown key={i} text={block} allowRemoteImages={allowRemoteImages} />
      ))}
      {tail ? (
        <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {tail}
          <span className="kc-caret" aria-hidden="true">
            ▍
          </span>
        </Text>
      ) : text ? null : (
        <Text size="sm" c="dimmed">
          {t('playground.answer.waiting')}
        </Text>
      )}
    </div>
  );
}
