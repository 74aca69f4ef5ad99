import { Badge, Box, VisuallyHidden } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';

/** A state in one word, independent of what it is the state of. */
export type StatusTone = 'ok' | 'warning' | 'error' | 'info' | 'unknown';

const COLOR: Record<StatusTone, string> = {
  ok: 'teal',
  warning: 'yellow',
  error: 'red',
  info: 'blue',
  unknown: 'gray',
};

export interface StatusBadgeProps extends Omit<ComponentProps<typeof Badge<'div'>>, 'color' | 'variant' | 'children'> {
  tone: StatusTone;
  children: ReactNode;
}

/** Other props (a ref, event handlers) reach the Badge, so a Tooltip can wrap it (StatusBadgeWithTooltip). */
export function StatusBadge({ tone, children, ...rest }: StatusBadgeProps) {
  return (
    // Never narrower than its word: in a squeezed table column a badge read "P…" or "DO…".
    <Badge color={COLOR[tone]} variant="light" data-tone={tone} miw="max-content" {...rest}>
      {children}
    </Badge>
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
