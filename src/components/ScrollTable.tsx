import { Box, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useT } from '../i18n';
import classes from './ScrollTable.module.css';

/** Whether a sideways scroller has more content before and after what it shows. */
export interface SideOverflow {
  start: boolean;
  end: boolean;
}

/**
 * Watches a sideways scroller (pass the returned callback as its ref): what it hides on each side, updated on scroll
 * and on resize of the scroller or its content.
 */
export function useSideOverflow(): [(el: HTMLElement | null) => void, SideOverflow] {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [more, setMore] = useState<SideOverflow>({ start: false, end: false });
  useEffect(() => {
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
    for (const child of el.children) resize.observe(child);
    return () => {
      el.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [el]);
  return [setEl, more];
}

/**
 * The visible cue around a sideways scroller: a fade on the edge that has more behind it and a "scroll →" hint above
 * while anything is out of view. Mantine's Table.ScrollContainer hides its scrollbar until hovered, so at 420 px the
 * last columns looked simply absent.
 */
export function ScrollCue({ more, children }: { more: SideOverflow; children: ReactNode }) {
  const t = useT();
  return (
    <div>
      {more.start || more.end ? (
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
        {children}
      </div>
    </div>
  );
}

/**
 * A table that keeps its columns at `minWidth` and scrolls sideways on a narrow screen, with its cue. The scroller
 * takes keyboard focus while it overflows (arrow keys scroll it) and is a region named `label`.
 */
export function ScrollTable({ minWidth, label, children }: { minWidth: number; label: string; children: ReactNode }) {
  const [ref, more] = useSideOverflow();
  return (
    <ScrollCue more={more}>
      <Box
        component="section"
        ref={ref}
        className={classes.scroller}
        aria-label={label}
        tabIndex={more.start || more.end ? 0 : undefined}
        data-testid="table-scroller"
      >
        <div style={{ minWidth }}>{children}</div>
      </Box>
    </ScrollCue>
  );
}
