import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { ChevronIcon, Hint } from '../../components';
import { useFormat, useT } from '../../i18n';
import { TEXT_VIEW, type SearchHits } from './text-search';

export interface TextSearchProps {
  hits: SearchHits;
  /** Position in hits.pieces of the current hit. */
  current: number;
  /** The debounced query: called a moment after typing stops, or at once on Enter. */
  onQuery(query: string): void;
  onStep(direction: 1 | -1): void;
}

/** The search box: debounced, Enter/Shift+Enter step through hits, "n of m" read out politely. */
export function TextSearch({ hits, current, onQuery, onStep }: TextSearchProps) {
  const t = useT();
  const { formatNumber } = useFormat();
  const [input, setInput] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => onQuery(input), TEXT_VIEW.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [input, onQuery]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // Enter before the pause runs the search now (landing on the first hit); after it, steps.
    if (input.toLowerCase() !== hits.query && input.trim() !== '') onQuery(input);
    else onStep(event.shiftKey ? -1 : 1);
  }

  const searched = hits.query !== '';
  const count = hits.pieces.length;
  const position = (
    <Text
      size="sm"
      aria-live="polite"
      data-testid="search-position"
      style={{ whiteSpace: 'nowrap', minWidth: searched ? '5rem' : undefined, textAlign: 'center' }}
      title={
        searched && count > 0
          ? t('documents.search.positionDetail', {
              n: current + 1,
              m: count,
              occurrences: hits.occurrences,
            })
          : undefined
      }
    >
      {!searched
        ? ''
        : count === 0
          ? t('documents.search.none')
          : t('documents.search.position', { n: formatNumber(current + 1), m: formatNumber(count) })}
    </Text>
  );
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" style={{ flex: '1 1 24rem', minWidth: 0 }}>
      <TextInput
        label={t('documents.search.label')}
        description={t('documents.search.hint')}
        placeholder={t('documents.search.placeholder')}
        type="search"
        value={input}
        onChange={(e) => setInput(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
        style={{ flex: 1, minWidth: '8rem' }}
      />
      {/* As tall as the input, so the controls line up with it rather than with the label. */}
      <Group gap={4} wrap="nowrap" h={36} align="center">
        {position}
        <Hint label={t('documents.search.previous')} placement="above">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('documents.search.previous')}
            disabled={count === 0}
            onClick={() => onStep(-1)}
          >
            <ChevronIcon up />
          </ActionIcon>
        </Hint>
        <Hint label={t('documents.search.next')} placement="above">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('documents.search.next')}
            disabled={count === 0}
            onClick={() => onStep(1)}
          >
            <ChevronIcon />
          </ActionIcon>
        </Hint>
      </Group>
    </Group>
  );
}
