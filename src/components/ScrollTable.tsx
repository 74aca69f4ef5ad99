import { Box, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n';
import classes from './ScrollTable.module.css';

/**
 * A table that keeps its columns at `minWidth` and scrolls sideways on a narrow screen, with a visible cue: a fade
 * on the edge that has more behind it and a "scroll →" hint above while anything is out of view. Mantine's
 * Table.ScrollContainer hides its scrollbar until hovered, so at 420 px the last columns looked simply absent.
 * The scroller takes keyboard focus (arrow keys scroll it) and is a region named `label`.
 */
export function ScrollTable({ minWidth, label, children }: { minWidth: number; label: string; children: ReactNode }) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const update = () => {
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((m) => (m.start === start && m.end === end ? m : { start, end }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(el);
    if (el.firstElementChild) resize.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, []);
  const overflowing = more.start || more.end;
  return (
    <div>
      {overflowing ? (
        <Text size="xs" c="dimmed" className={classes.hint} data-testid="scroll-hint" aria-hidden="true">
          {more.end ? t('common.scrollMore') : t('common.scrollBack')}
        </Text>
      ) : null}
      <div
        className={classes.frame}
        data-more-start={more.start || undefined}
        data-more-end={more.end || undefined}
        data-testid="scroll-frame"
      >
        <Box
          component="section"
          ref={scroller}
          className={classes.scroller}
          aria-label={label}
          tabIndex={overflowing ? 0 : undefined}
          data-testid="table-scroller"
        >
          <div style={{ minWidth }}>{children}</div>
        </Box>
      </div>
    </div>
  );
}
