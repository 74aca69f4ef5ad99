import { Box } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useImperativeHandle, useRef, type Ref } from 'react';
import { CopyButton } from '../../components';
import { useFormat, useT } from '../../i18n';
import { highlightSegments } from './text-search';

export interface PieceListHandle {
  /** Brings a piece (0-based) into view. */
  scrollToPiece(index: number, align?: 'start' | 'center'): void;
}

export interface PieceListProps {
  pieces: readonly string[];
  /** Marked in every rendered piece. */
  query: string;
  /** The piece of the current search hit or jump, outlined. */
  activePiece?: number;
  ref?: Ref<PieceListHandle>;
}

/** The pieces' scrolling box: the same for the first pieces (PiecePreview) and the whole list. */
const SCROLLER_STYLE = {
  height: 'min(70vh, 48rem)',
  minHeight: '18rem',
  overflow: 'auto',
  contain: 'strict',
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-md)',
} as const;

/** A first guess at a row's height; each row is measured once rendered. */
const ESTIMATED_ROW_PX = 40;

/**
 * The pieces, numbered, virtualised: only the rows in view (plus a few) are in the DOM, each
 * measured after it renders, so 50,000 pieces of any length open and scroll at the same cost as 50.
 */
export function PieceList({ pieces, query, activePiece, ref }: PieceListProps) {
  const t = useT();
  const { formatNumber } = useFormat();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer hands out fresh functions on every render, which is what this component wants
  // (it has no memoisation that could hold a stale one); the React Compiler lint cannot know that.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: pieces.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 6,
  });

  useImperativeHandle(ref, () => ({
    scrollToPiece: (index, align = 'center') => {
      virtualizer.scrollToIndex(index, { align });
      // A hit scrolled to inside a list that is itself off screen would still be out of sight.
      scrollRef.current?.scrollIntoView({ block: 'nearest' });
    },
  }));

  return (
    <Box
      component="section"
      ref={scrollRef}
      aria-label={t('documents.text.region', { count: pieces.length })}
      tabIndex={0}
      data-testid="piece-scroller"
      style={SCROLLER_STYLE}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
          >
            <PieceRow
              index={item.index}
              text={pieces[item.index]!}
              query={query}
              active={item.index === activePiece}
              number={formatNumber(item.index + 1)}
            />
          </div>
        ))}
      </div>
    </Box>
  );
}

/**
 * A text's first pieces while the rest of the answer arrives, in the same box and rows as PieceList but laid out as
 * plain rows: a few dozen, so no virtualizer is needed, and none of its measuring (each row's size read back from
 * the page, a forced layout of the whole page during the first render, then a render more) stands before the first
 * paint of a cold load.
 */
export function PiecePreview({ pieces }: { pieces: readonly string[] }) {
  const t = useT();
  const { formatNumber } = useFormat();
  return (
    <Box
      component="section"
      aria-label={t('documents.text.region', { count: pieces.length })}
      tabIndex={0}
      style={SCROLLER_STYLE}
    >
      {pieces.map((text, index) => (
        <PieceRow
          key={index}
          index={index}
          text={text}
          query=""
          active={false}
          copyable={false}
          number={formatNumber(index + 1)}
        />
      ))}
    </Box>
  );
}

interface PieceRowProps {
  index: number;
  number: string;
  text: string;
  query: string;
  active: boolean;
  /** Its copy button (the whole list's rows; the preview's are read-only). */
  copyable?: boolean;
}

// A row's parts as plain elements styled with the theme's variables, not Mantine's Group and Text: the same look,
// without each one's props and styles resolved on every row's render (a cold load renders a screenful of them).
const ROW_STYLE = {
  display: 'flex',
  flexWrap: 'nowrap',
  alignItems: 'flex-start',
  gap: 'var(--mantine-spacing-sm)',
  paddingInline: 'var(--mantine-spacing-sm)',
  paddingBlock: 'calc(0.5rem * var(--mantine-scale))',
  borderBottom: '1px solid var(--mantine-color-default-border)',
} as const;
const ACTIVE_ROW_STYLE = {
  ...ROW_STYLE,
  background: 'var(--mantine-primary-color-light)',
  boxShadow: 'inset 3px 0 0 var(--mantine-primary-color-filled)',
} as const;
const NUMBER_STYLE = {
  flex: '0 0 3.25rem',
  paddingTop: 2,
  fontSize: 'var(--mantine-font-size-xs)',
  lineHeight: 'var(--mantine-line-height-xs)',
  fontFamily: 'var(--mantine-font-family-monospace)',
  color: 'var(--mantine-color-dimmed)',
  textAlign: 'right',
} as const;
const TEXT_STYLE = {
  flex: 1,
  minWidth: 0,
  margin: 0,
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 'var(--mantine-line-height-sm)',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;
// The button's own height (a flex box, not a line box taller than the text's first line): a row is as tall with
// its button as without.
const COPY_CELL_STYLE = { flex: 'none', display: 'flex' } as const;
const COPY_ROOM_STYLE = { flex: '0 0 calc(1.125rem * var(--mantine-scale))' } as const;
const CURRENT_MARK_STYLE = { background: 'var(--mantine-color-orange-4)', color: 'black' } as const;

/** One numbered piece with its hits marked. Memoised: scrolling re-renders only rows whose props change. */
const PieceRow = memo(function PieceRow({ index, number, text, query, active, copyable = true }: PieceRowProps) {
  const t = useT();
  const segments = highlightSegments(text, query);
  return (
    <div
      data-testid="piece-row"
      data-piece={index + 1}
      data-active={active || undefined}
      style={active ? ACTIVE_ROW_STYLE : ROW_STYLE}
    >
      <span style={NUMBER_STYLE} aria-label={t('documents.text.piece', { n: number })}>
        {number}
      </span>
      <p style={TEXT_STYLE}>
        {segments.map((s, i) =>
          s.mark ? (
            <mark key={i} data-current={active || undefined} style={active ? CURRENT_MARK_STYLE : undefined}>
              {s.text}
            </mark>
          ) : (
            s.text
          ),
        )}
      </p>
      {copyable ? (
        <div style={COPY_CELL_STYLE}>
          <CopyButton value={text} label={t('documents.text.piece', { n: number })} size="xs" />
        </div>
      ) : (
        // The button's room, so a row keeps its height when the whole list takes the preview's place.
        <div style={COPY_ROOM_STYLE} />
      )}
    </div>
  );
});
