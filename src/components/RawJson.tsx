import { Box, Code, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useT } from '../i18n';
import { CopyButton } from './CopyButton';

export interface RawJsonProps {
  /** Any value; a string is shown as is (it may be a body that is not JSON). */
  value: unknown;
  label?: string;
  /** Scrolls beyond this height. */
  maxHeight?: number | string;
}

export function toPrettyJson(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Pretty-printed JSON with a copy button, for answers as the service sent them. */
export function RawJson({ value, label, maxHeight = '24rem' }: RawJsonProps) {
  const t = useT();
  const text = useMemo(() => toPrettyJson(value), [value]);
  const title = label ?? t('json.label');
  return (
    <Box>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="xs" c="dimmed" fw={500}>
          {title}
        </Text>
        <CopyButton value={text} label={title} size="xs" />
      </Group>
      <Code block style={{ maxHeight, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {text}
      </Code>
    </Box>
  );
}
