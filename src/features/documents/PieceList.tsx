import { Box, Group, Text } from '@mantine/core';
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
        <PieceRow key={index} index={index} text={text} query="" active={false} number={formatNumber(index + 1)} />
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
}

/** One numbered piece with its hits marked. Memoised: scrolling re-renders only rows whose props change. */
const PieceRow = memo(function PieceRow({ index, number, text, query, active }: PieceRowProps) {
  const t = useT();
  const segments = highlightSegments(text, query);
  return (
    <Group
      data-testid="piece-row"
      data-piece={index + 1}
      data-active={active || undefined}
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      px="sm"
      py={8}
      style={{
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: active ? 'var(--mantine-primary-color-light)' : undefined,
        boxShadow: active ? 'inset 3px 0 0 var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      <Text
        size="xs"
        c="dimmed"
        ff="monospace"
        ta="right"
        style={{ flex: '0 0 3.25rem', paddingTop: 2 }}
        aria-label={t('documents.text.piece', { n: number })}
      >
        {number}
      </Text>
      <Text size="sm" style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {segments.map((s, i) =>
          s.mark ? (
            <mark
              key={i}
              data-current={active || undefined}
              style={active ? { background: 'var(--mantine-color-orange-4)', color: 'black' } : undefined}
            >
              {s.text}
            </mark>
          ) : (
            s.text
          ),
        )}
      </Text>
      <Box style={{ flex: 'none' }}>
        <CopyButton value={text} label={t('documents.text.piece', { n: number })} size="xs" />
      </Box>
    </Group>
  );
});
