import { Badge, Box, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/** A state in one word, independent of what it is the state of. */
export type StatusTone = 'ok' | 'warning' | 'error' | 'info' | 'unknown';

const COLOR: Record<StatusTone, string> = { ok: 'teal', warning: 'yellow', error: 'red', info: 'blue', unknown: 'gray' };

export interface StatusBadgeProps {
  tone: StatusTone;
  children: ReactNode;
  /** Longer explanation shown on hover and focus. */
  tooltip?: ReactNode;
}

export function StatusBadge({ tone, children, tooltip }: StatusBadgeProps) {
  const badge = (
    <Badge color={COLOR[tone]} variant="light" data-tone={tone}>
      {children}
    </Badge>
  );
  return tooltip ? (
    <Tooltip label={tooltip} multiline maw={320} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** A small coloured dot; `label` is read out instead (the colour alone says nothing to a screen reader). */
export function StatusDot({ tone, label }: { tone: StatusTone; label: string }) {
  return (
    <>
      <Box
        component="span"
        aria-hidden="true"
        data-tone={tone}
        style={{
          display: 'inline-block',
          width: 10,
          height: 10,
          borderRadius: '50%',
          flex: 'none',
          background: `var(--mantine-color-${COLOR[tone]}-filled)`,
        }}
      />
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}
