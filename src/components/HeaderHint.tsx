import { useEffect, useState, type ReactNode } from 'react';
import classes from './HeaderHint.module.css';

export interface HeaderHintProps {
  /** Shown on hover and focus. Screen readers skip it: the control it wraps must carry the same words itself (an aria-label, visually hidden text). */
  label: ReactNode;
  children: ReactNode;
}

/** A hint below a control in the header bar (see HeaderHint.module.css for why it is not a Mantine Tooltip). */
export function HeaderHint({ label, children }: HeaderHintProps) {
  const [active, setActive] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  // Escape hides the hint wherever focus is, also when it was opened by the pointer.
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);

  const enter = () => setActive(true);
  const leave = () => {
    setActive(false);
    setDismissed(false);
  };
  return (
    <span
      className={classes.anchor}
      data-dismissed={dismissed || undefined}
      onMouseEnter={enter}
      onFocus={enter}
      onMouseLeave={leave}
      onBlur={leave}
    >
      {children}
      <span className={classes.bubble} aria-hidden="true" data-header-hint>
        {label}
      </span>
    </span>
  );
}
