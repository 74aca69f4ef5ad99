import { Anchor, Badge, Box, Code, Collapse, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { enumLabel, timestampToMs, type EnumTable } from '../../contract';
import { RawJson, toPrettyJson } from '../../components';
import { useFormat, useT } from '../../i18n';
import type { FieldRead } from './dataset-fields';
import type { FieldKind, FieldSpec } from './dataset-layout';
import classes from './FieldRow.module.css';
import { enumLabelKey, fieldLabelKey } from './labels';

interface PlainTextProps {
  children: ReactNode;
  dimmed?: boolean;
  mono?: boolean;
  wrap?: boolean;
  multiline?: boolean;
  title?: string;
  'data-value-state'?: string;
}

/** A value's text as Text size="sm" draws it, without a Mantine component per field (FieldRow.module.css). */
function PlainText({ children, dimmed, mono, wrap, multiline, ...rest }: PlainTextProps) {
  return (
    <p
      className={classes.text}
      data-dimmed={dimmed || undefined}
      data-mono={mono || undefined}
      data-wrap={wrap || undefined}
      data-multiline={multiline || undefined}
      {...rest}
    >
      {children}
    </p>
  );
}

export interface FieldValueProps {
  /** Undefined for a field the interface does not document. */
  spec?: FieldSpec;
  read: FieldRead;
  /** Shorter form for the comparison table: no meters, no collapsibles, long text clamped. */
  compact?: boolean;
}

/** One field's value in words: enum names, on/off, local dates, bounds and lengths against LIMITS; "not sent" when absent. */
export function FieldValue({ spec, read, compact = false }: FieldValueProps) {
  const t = useT();
  if (read.state === 'missing') {
    return (
      <PlainText dimmed data-value-state="missing">
        <i>{t('datasets.value.notSent')}</i>
      </PlainText>
    );
  }
  if (read.state === 'raw' || spec === undefined) {
    // Sent, but not in the documented form (or not documented at all): shown exactly as sent.
    return <AsSent value={read.value} compact={compact} />;
  }
  return <DocumentedValue kind={spec.kind} value={read.value} label={spec.path} compact={compact} />;
}

function AsSent({ value, compact }: { value: unknown; compact: boolean }) {
  if (value !== null && typeof value === 'object' && !compact) return <RawJson value={value} maxHeight="12rem" />;
  return (
    <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-value-state="raw">
      {JSON.stringify(value)}
    </Code>
  );
}

function DocumentedValue({
  kind,
  value,
  label,
  compact,
}: {
  kind: FieldKind;
  value: unknown;
  label: string;
  compact: boolean;
}) {
  const t = useT();
  const { formatNumber, formatDateTime } = useFormat();
  const num = (v: unknown) => (typeof v === 'number' ? formatNumber(v) : String(v));

  switch (kind.type) {
    case 'text':
      return value === '' ? (
        <Empty />
      ) : compact ? (
        <Text
          size="sm"
          style={{ whiteSpace: kind.multiline ? 'pre-wrap' : undefined, overflowWrap: 'anywhere' }}
          lineClamp={3}
        >
          {String(value)}
        </Text>
      ) : (
        <PlainText wrap multiline={kind.multiline}>
          {String(value)}
        </PlainText>
      );
    case 'id':
      return (
        <PlainText mono wrap>
          {String(value)}
        </PlainText>
      );
    case 'integer':
    case 'number':
      return <PlainText>{num(value)}</PlainText>;
    case 'timestamp':
      return (
        // The raw integer on hover: its unit is not documented, so the reading is shown with what it was read from.
        <PlainText title={String(value)}>
          {typeof value === 'number' ? formatDateTime(timestampToMs(value)) : String(value)}
        </PlainText>
      );
    case 'flag':
      return <OnOff on={value === true} />;
    case 'enum':
      return (
        <PlainText>
          <EnumName table={kind.table} value={value} />
        </PlainText>
      );
    case 'enumList':
      return <EnumList table={kind.table} value={value} />;
    case 'bounded':
      return <Bounded value={value} min={kind.min} max={kind.max} label={label} compact={compact} />;
    case 'prompt':
      return (
        <Prompt value={typeof value === 'string' ? value : String(value)} max={kind.maxLength} compact={compact} />
      );
    case 'jsonList':
      if (Array.isArray(value) && value.length === 0) return <Text size="sm">{t('datasets.value.none')}</Text>;
      return compact ? <AsSent value={value} compact /> : <RawJson value={value} maxHeight="12rem" />;
    case 'undocumented':
      return (
        <Stack gap={2}>
          <Code w="fit-content">{toPrettyJson(value)}</Code>
          {compact ? null : (
            <Text size="xs" c="dimmed">
              {t('datasets.value.advancedNote')}
            </Text>
          )}
        </Stack>
      );
  }
}

function Empty() {
  const t = useT();
  return <PlainText dimmed>{t('datasets.value.empty')}</PlainText>;
}

export function OnOff({ on }: { on: boolean }) {
  const t = useT();
  return (
    <Badge color={on ? 'teal' : 'gray'} variant={on ? 'light' : 'outline'} data-on={on}>
      {on ? t('datasets.value.on') : t('datasets.value.off')}
    </Badge>
  );
}

function useEnumName(table: EnumTable, value: unknown): string {
  const t = useT();
  const label = enumLabel(table, value);
  const key = label === undefined ? undefined : enumLabelKey(label);
  if (key) return t(key);
  return label ?? t('datasets.enum.unknown', { value: String(value) });
}

function EnumName({ table, value }: { table: EnumTable; value: unknown }) {
  return <>{useEnumName(table, value)}</>;
}

function EnumList({ table, value }: { table: EnumTable; value: unknown }) {
  const t = useT();
  if (!Array.isArray(value) || value.length === 0) return <Text size="sm">{t('datasets.value.none')}</Text>;
  return (
    <Group gap={6}>
      {value.map((v, i) => (
        <Badge key={`${String(v)}-${i}`} variant="default" tt="none" fw={500}>
          <EnumName table={table} value={v} />
        </Badge>
      ))}
    </Group>
  );
}

function Bounded({
  value,
  min,
  max,
  label,
  compact,
}: {
  value: unknown;
  min: number;
  max: number;
  label: string;
  compact: boolean;
}) {
  const t = useT();
  const { formatNumber } = useFormat();
  if (typeof value !== 'number') return <Text size="sm">{String(value)}</Text>;
  const inside = value >= min && value <= max;
  const fieldKey = fieldLabelKey(label);
  const field = fieldKey ? t(fieldKey) : label;
  const text = t('datasets.value.bounds', {
    value: formatNumber(value),
    min: formatNumber(min),
    max: formatNumber(max),
  });
  if (compact) return <Text size="sm">{text}</Text>;
  const percent = Math.min(100, Math.max(0, ((value - min) / (max - min)) * 100));
  return (
    <Stack gap={4} maw="20rem">
      <Text size="sm">{text}</Text>
      {/* Mantine's Progress as a plain <progress> (FieldRow.module.css): the same role, values and look. */}
      <progress
        className={classes.meter}
        data-outside={inside ? undefined : true}
        value={inside ? percent : 100}
        max={100}
        aria-label={t('datasets.value.meter', {
          field,
          value: formatNumber(value),
          min: formatNumber(min),
          max: formatNumber(max),
        })}
      />
    </Stack>
  );
}

function Prompt({ value, max, compact }: { value: string; max: number; compact: boolean }) {
  const t = useT();
  const { formatNumber } = useFormat();
  const [open, setOpen] = useState(false);
  const over = value.length > max;
  const length = (
    <Text
      size="xs"
      c={over ? 'orange' : 'dimmed'}
      title={t('datasets.value.promptLengthLabel')}
      data-testid="prompt-length"
    >
      {t('datasets.value.promptLength', { length: formatNumber(value.length), max: formatNumber(max) })}
    </Text>
  );
  if (value === '') {
    return (
      <Group gap="sm">
        <Empty />
        {length}
      </Group>
    );
  }
  if (compact) {
    return (
      <Stack gap={2}>
        <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {length}
      </Stack>
    );
  }
  return (
    <Box>
      <Group gap="sm">
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? t('datasets.value.hidePrompt') : t('datasets.value.showPrompt')}
        </Anchor>
        {length}
      </Group>
      <Collapse expanded={open}>
        <Code
          block
          mt={6}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '20rem', overflow: 'auto' }}
        >
          {value}
        </Code>
      </Collapse>
    </Box>
  );
}
