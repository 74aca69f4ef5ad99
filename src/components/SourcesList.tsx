import { Anchor, Badge, Button, Group, Paper, Spoiler, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DocumentChunk } from '../contract';
import { useFormat, useT } from '../i18n';
import { paths } from '../config/paths';

/** Sources listed before "show all" (an answer may cite a dozen chunks). */
const SOURCES_SHOWN = 3;

/** The chunks an answer was grounded on: which document (linking to its page), the chunk's text, its score. */
export function SourcesList({ chunks }: { chunks: readonly DocumentChunk[] }) {
  const t = useT();
  const { formatNumber } = useFormat();
  const [all, setAll] = useState(false);
  if (chunks.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('answer.sources.none')}
      </Text>
    );
  }
  const shown = all ? chunks : chunks.slice(0, SOURCES_SHOWN);
  const hidden = chunks.length - shown.length;
  return (
    <Stack gap="xs">
      <Stack
        gap="xs"
        component="ol"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={t('answer.sources.title', { count: chunks.length })}
      >
        {shown.map((chunk, i) => (
          <Paper key={i} component="li" withBorder radius="sm" p="xs" data-testid="source">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                {chunk.document_id ? (
                  <Anchor
                    component={Link}
                    to={paths.document.href(chunk.document_id)}
                    size="sm"
                    fw={500}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {chunk.document_name || chunk.document_id}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={500}>
                    {chunk.document_name ?? t('answer.sources.unnamed')}
                  </Text>
                )}
                <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {chunk.document_id ? `document_id ${chunk.document_id}` : null}
                  {chunk.chunk_index !== undefined
                    ? ` · ${t('answer.sources.chunk', { index: chunk.chunk_index })}`
                    : null}
                </Text>
              </div>
              {chunk.score !== undefined ? (
                <Badge variant="light" color="gray" style={{ flex: 'none' }} title={t('answer.sources.score')}>
                  {t('answer.sources.scoreValue', { score: formatNumber(Number(chunk.score.toFixed(3))) })}
                </Badge>
              ) : null}
            </Group>
            {chunk.content ? (
              <Spoiler
                maxHeight={64}
                styles={{ control: { fontSize: 'var(--mantine-font-size-xs)' } }}
                showLabel={t('answer.sources.more')}
                hideLabel={t('answer.sources.less')}
                mt={4}
              >
                <Text size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {chunk.content}
                </Text>
              </Spoiler>
            ) : null}
          </Paper>
        ))}
      </Stack>
      {hidden > 0 || all ? (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setAll((a) => !a)}
          style={{ alignSelf: 'flex-start' }}
        >
          {all ? t('answer.sources.fewer') : t('answer.sources.all', { count: chunks.length, hidden })}
        </Button>
      ) : null}
    </Stack>
  );
}
