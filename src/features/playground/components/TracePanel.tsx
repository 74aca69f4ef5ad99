import { Anchor, Badge, Code, Collapse, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../i18n';
import type { TraceItem } from '../model/exchange';

const COLOR: Record<TraceItem['type'], string> = { agent: 'grape', planning: 'blue', tool: 'orange' };

/** The agent, planning and tool events of a stream: what the service did on the way to its answer. */
export function TracePanel({ items, live = false }: { items: readonly TraceItem[]; live?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={4} mb="xs" data-testid="trace">
      <Anchor
        component="button"
        type="button"
        size="xs"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        style={{ alignSelf: 'flex-start' }}
      >
        {t(live ? 'playground.trace.live' : 'playground.trace.title', { count: items.length })}
      </Anchor>
      <Collapse expanded={open}>
        <Stack gap={4} pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}>
          {items.map((item, i) => (
            <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
              <Badge size="xs" variant="light" color={COLOR[item.type]} style={{ flex: 'none' }}>
                {item.type}
              </Badge>
              {item.message ? (
                <Text size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {item.message}
                </Text>
              ) : (
                <Code style={{ fontSize: 11, overflowWrap: 'anywhere' }}>{JSON.stringify(item.raw)}</Code>
              )}
            </Group>
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
