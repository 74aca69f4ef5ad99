import type { ReactNode } from 'react';
import { Hint } from './Hint';
import { StatusBadge, type StatusTone } from './StatusBadge';

/** A status badge with a longer explanation on hover (see Hint). */
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
    <Hint label={tooltip} placement="above">
      <StatusBadge tone={tone}>{children}</StatusBadge>
    </Hint>
  );
}
