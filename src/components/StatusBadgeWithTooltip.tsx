import { Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusBadge, type StatusTone } from './StatusBadge';

/**
 * A status badge with a longer explanation on hover and focus. Its own file, so pages that show a
 * plain badge (the overview, in the first route) do not pull in the Tooltip's floating-ui.
 */
export function StatusBadgeWithTooltip({
  tone,
  tooltip,
  children,
}: {
  tone: StatusTone;
  tooltip: ReactNode;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tooltip} multiline maw={320} withArrow>
      <StatusBadge tone={tone}>{children}</StatusBadge>
    </Tooltip>
  );
}
