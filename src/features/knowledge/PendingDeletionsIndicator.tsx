import { Badge } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useConnection } from '../../api';
import { HeaderHint } from '../../components';
import { useT } from '../../i18n';
import { useDeletions } from './deletion/hooks';
import { startDeletionTracking } from './deletion/instance';
import { isActive } from './deletion/machine';
import { useDeletionSync } from './deletion/use-deletion-sync';
import { deletionsFor, indicatorTarget } from './deletion/view';

/**
 * The header's count of the active profile's deletions still awaiting confirmation; hidden at 0.
 * It is always mounted, so it also keeps the tracker running and its outcomes notified on any page.
 */
export function PendingDeletionsIndicator() {
  const t = useT();
  const { active } = useConnection();
  const all = useDeletions();
  useEffect(startDeletionTracking, []);
  useDeletionSync();
  const pending = deletionsFor(all, active?.id).filter(isActive);
  if (pending.length === 0) return null;
  const label = t(pending.length === 1 ? 'knowledge.indicator.one' : 'knowledge.indicator.many', {
    count: pending.length,
  });
  return (
    // A header hint, not Mantine's Tooltip: no floating-ui for a first page where nothing is pending.
    <HeaderHint label={label}>
      <Badge
        component={Link}
        to={indicatorTarget(pending)}
        aria-label={label}
        color="yellow"
        variant="light"
        size="lg"
        leftSection={<PendingGlyph />}
        style={{ cursor: 'pointer' }}
        data-testid="pending-deletions-indicator"
      >
        {pending.length}
      </Badge>
    </HeaderHint>
  );
}

function PendingGlyph() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
