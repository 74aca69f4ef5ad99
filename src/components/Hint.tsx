import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import classes from './Hint.module.css';

export interface HintProps {
  /** Shown on hover and focus. Screen readers skip it: the control it wraps must carry the same words itself (an aria-label, visually hidden text). */
  label: ReactNode;
  children: ReactNode;
  /**
   * `below-end`: under a header control, right-aligned (the bar is fixed, so CSS alone places it).
   * `above`: over a control in the page, centred; drawn in the body at show time with fixed coordinates, so a
   * scroll container (a table's) cannot clip it and it is no part of the control's text; below the control when
   * there is no room above.
   */
  placement?: 'below-end' | 'above';
}

/**
 * A hint for a small control, shown on hover and keyboard focus, hidden with Escape (WCAG 1.4.13). Not Mantine's
 * Tooltip: its floating-ui positioning is ≈15 KB gzip, more than the header or a record page otherwise needs.
 */
export function Hint({ label, children, placement = 'below-end' }: HintProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [active, setActive] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [at, setAt] = useState<CSSProperties | undefined>(undefined);

  // Escape hides the hint wherever focus is, also when it was opened by the pointer; a scroll hides a placed one
  // (it would stay where the control was).
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDismissed(true);
    };
    const onScroll = () => setDismissed(true);
    document.addEventListener('keydown', onKey);
    if (placement === 'above') window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [active, placement]);

  const enter = () => {
    if (placement === 'above' && anchor.current) {
      const box = anchor.current.getBoundingClientRect();
      const below = box.top < 48;
      setAt({
        position: 'fixed',
        left: box.left + box.width / 2,
        top: below ? box.bottom + 8 : box.top - 8,
        right: 'auto',
        transform: below ? 'translateX(-50%)' : 'translate(-50%, -100%)',
      });
    }
    setActive(true);
  };
  const leave = () => {
    setActive(false);
    setDismissed(false);
  };
  const placed =
    placement === 'above' && active && !dismissed && at
      ? createPortal(
          <span className={classes.bubble} aria-hidden="true" data-hint data-placed style={at}>
            {label}
          </span>,
          document.body,
        )
      : null;
  return (
    <span
      ref={anchor}
      className={classes.anchor}
      data-dismissed={dismissed || undefined}
      onMouseEnter={enter}
      onFocus={enter}
      onMouseLeave={leave}
      onBlur={leave}
    >
      {children}
      {placement === 'above' ? (
        placed
      ) : (
        <span className={classes.bubble} aria-hidden="true" data-hint>
          {label}
        </span>
      )}
    </span>
  );
}
