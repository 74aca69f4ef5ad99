import { EmptyState as MantineEmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** An icon or short glyph shown above the title. */
  icon?: ReactNode;
  /** Buttons or links that get the reader going. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** Nothing to show yet, said plainly, with what to do next. */
export function EmptyState({ title, description, icon, actions, children }: EmptyStateProps) {
  return (
    <MantineEmptyState
      title={title}
      description={description}
      icon={icon}
      withIndicatorBackground={Boolean(icon)}
      py="xl"
      data-testid="empty-state"
    >
      {children}
      {actions ? <MantineEmptyState.Actions>{actions}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}
