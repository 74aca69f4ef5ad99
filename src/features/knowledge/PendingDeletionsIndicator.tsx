import { Badge } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useConnection } from '../../lib';
import { Hint, TrashIcon } from '../../components';
import { useT } from '../../i18n';
import { useDeletionRuntime, useDeletions } from './deletion/hooks';
import { isActive } from '../../removal-engine/single/machine';
import { useDeletionSync } from './deletion/use-deletion-sync';
import { deletionsFor, indicatorTarget } from './deletion/view';

/**
 * The header's count of the active profile's deletions still awaiting confirmation; hidden at 0.
 * It is always mounted, so it also keeps the tracker running and its outcomes notified on any page.
 */
export function PendingDeletionsIndicator() {
  const t = useT();
  const { active } = useConnection();
  const runtime = useDeletionRuntime();
  const all = useDeletions();
  useEffect(() => runtime.start(), [runtime]);
  useDeletionSync();
  const pending = deletionsFor(all, active?.id).filter(isActive);
  if (pending.length === 0) return null;
  const label = t('knowledge.indicator', { count: pending.length });
  return (
    // A header hint, not Mantine's Tooltip: no floating-ui for a first page where nothing is pending.
    <Hint label={label}>
      <Badge
        component={Link}
        to={indicatorTarget(pending)}
        aria-label={label}
        color="yellow"
        variant="light"
        size="lg"
        leftSection={<TrashIcon size={14} />}
        style={{ cursor: 'pointer' }}
        data-testid="pending-deletions-indicator"
      >
        {pending.length}
      </Badge>
    </Hint>
  );
}
