import { Badge, Group, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useFormat, useT, type MessageKey } from '../../i18n';
import type { FieldFlag } from './dataset-fields';
import classes from './FieldRow.module.css';
import { fieldLabelKey } from './labels';

const DRIFT_KIND_KEY: Record<string, MessageKey> = {
  missing: 'drift.kind.missing',
  type: 'drift.kind.type',
  range: 'drift.kind.range',
  unknown_field: 'drift.kind.unknown_field',
  value: 'drift.kind.value',
};

/** A wire name that may break after "." and "_" rather than mid-word on a narrow column. */
export function WireName({ path }: { path: string }) {
  const parts = path.split(/(?<=[._])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}

/** The label of a field, translated when documented, its wire name otherwise. */
export function useFieldLabel(path: string): string {
  const t = useT();
  const key = fieldLabelKey(path);
  return key ? t(key) : path;
}

/** Orange badges, one per reason, each with its message in words beside it. */
export function FieldFlags({ flags }: { flags: readonly FieldFlag[] }) {
  const t = useT();
  const { formatNumber } = useFormat();
  if (flags.length === 0) return null;
  return (
    <Stack gap={4} mt={6} data-testid="field-flags">
      {flags.map((flag, i) => {
        let badge: string;
        let message: string;
        if (flag.source === 'drift') {
          badge = t(DRIFT_KIND_KEY[flag.warning.kind] ?? 'drift.kind.value');
          message = flag.warning.message;
        } else if (flag.source === 'bounds') {
          badge = t('datasets.flag.outOfBounds');
          message = t('datasets.flag.bounds', {
            value: formatNumber(flag.value),
            min: formatNumber(flag.min),
            max: formatNumber(flag.max),
          });
        } else {
          badge = t('datasets.flag.tooLong');
          message = t('datasets.flag.length', { length: flag.length, max: flag.max });
        }
        return (
          <Group key={i} gap={6} wrap="nowrap" align="flex-start" data-testid="field-flag">
            <Badge color="orange" variant="filled" size="sm" style={{ flex: 'none' }}>
              {badge}
            </Badge>
            <Text size="xs" style={{ overflowWrap: 'anywhere', color: 'var(--mantine-color-orange-text)' }}>
              {message}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

export interface FieldRowProps {
  path: string;
  flags: readonly FieldFlag[];
  children: ReactNode;
  first?: boolean;
}

/**
 * Label (with the wire name under it) beside the value; wraps to label-above-value on a narrow screen. Plain elements
 * on Mantine's variables (FieldRow.module.css): a dataset draws ≈40 of these.
 */
export function FieldRow({ path, flags, children, first = false }: FieldRowProps) {
  const label = useFieldLabel(path);
  const flagged = flags.length > 0;
  return (
    <div data-field={path} data-flagged={flagged} data-first={first || undefined} className={classes.row}>
      <div className={classes.label}>
        <div className={`${classes.text} ${classes.name}`}>{label}</div>
        <div className={classes.wire}>
          <WireName path={path} />
        </div>
      </div>
      <div className={classes.value}>
        {children}
        <FieldFlags flags={flags} />
      </div>
    </div>
  );
}
