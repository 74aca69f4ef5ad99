import '@mantine/spotlight/styles.css';
import { Badge, Group, Kbd, Text } from '@mantine/core';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { SearchIcon } from '../../components';
import { paths } from '../../config/paths';
import { useCatalog, useConnection, type CatalogEntry } from '../../lib';
import { useT, type MessageKey } from '../../i18n';
import { entryMatches, OPENABLE_KINDS, routeFor, unknownIdCandidate } from './catalog-view';
import { KIND_KEYS, OPEN_AS_KEYS } from './kind-keys';
import classes from './CatalogSpotlight.module.css';

/** The spotlight's own store, so it never collides with another spotlight on the page. */
const [spotlightStore, spotlightControl] = createSpotlight();

/** Opens the spotlight; called by the trigger (CatalogSpotlightTrigger.tsx), which loads this module on first use. */
export const openCatalogSpotlight = (): void => spotlightControl.open();

/** A page the spotlight offers; the app gives its navigation's list (features do not know the app's pages). */
export interface SpotlightPage {
  to: string;
  label: MessageKey;
}

const ID_LIMIT = 40;

/**
 * Jump to any page, to any id this profile has met, or open an id not met yet as a knowledge base,
 * dataset, document or conversation. Loaded lazily; its button and Ctrl/Cmd-K live in CatalogSpotlightTrigger.tsx.
 */
export function CatalogSpotlight({ pages: allPages }: { pages: readonly SpotlightPage[] }) {
  const t = useT();
  const navigate = useNavigate();
  const { active } = useConnection();
  const entries = useCatalog(active?.id);
  const [query, setQuery] = useState('');

  const go = (to: string) => {
    setQuery('');
    void navigate(to);
  };

  const pages = allPages.filter((p) => entryMatchesText(t(p.label), query));
  const ids = useMemo(
    () => entries.filter((e) => entryMatches(e, query, t(KIND_KEYS[e.kind]))).slice(0, ID_LIMIT),
    [entries, query, t],
  );
  const unknown = unknownIdCandidate(query, entries);

  return (
    <Spotlight.Root
      store={spotlightStore}
      query={query}
      onQueryChange={setQuery}
      // The trigger owns Ctrl/Cmd-K (it must work before this module is loaded).
      shortcut={null}
      scrollable
      maxHeight={480}
      // The search field's focus border (Spotlight draws none): see CatalogSpotlight.module.css.
      classNames={{ search: classes.search }}
    >
      <Spotlight.Search
        placeholder={t('catalog.spotlight.placeholder')}
        aria-label={t('catalog.spotlight.placeholder')}
        leftSection={<SearchIcon />}
      />
      <Spotlight.ActionsList aria-label={t('catalog.spotlight.results')}>
        {ids.length > 0 ? (
          <Spotlight.ActionsGroup label={t('catalog.spotlight.ids')}>
            {ids.map((entry) => (
              <IdAction
                key={`${entry.kind}:${entry.id}`}
                entry={entry}
                onGo={go}
                kindLabel={t(KIND_KEYS[entry.kind])}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {pages.length > 0 ? (
          <Spotlight.ActionsGroup label={t('catalog.spotlight.pages')}>
            {pages.map((p) => (
              <Spotlight.Action key={p.to} onClick={() => go(p.to)} label={t(p.label)} />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {unknown ? (
          <Spotlight.ActionsGroup label={t('catalog.spotlight.openAs')}>
            {OPENABLE_KINDS.map((kind) => (
              <Spotlight.Action
                key={kind}
                onClick={() => go(routeFor(kind, unknown)!)}
                label={t(OPEN_AS_KEYS[kind])}
                description={unknown}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {!unknown && ids.length === 0 && pages.length === 0 ? (
          <Spotlight.Empty>{t('catalog.spotlight.nothing')}</Spotlight.Empty>
        ) : null}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Hint>
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> {t('catalog.spotlight.hintMove')} · <Kbd size="xs">Enter</Kbd>{' '}
          {t('catalog.spotlight.hintOpen')} · <Kbd size="xs">Esc</Kbd> {t('catalog.spotlight.hintClose')}
        </Hint>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}

function IdAction({ entry, kindLabel, onGo }: { entry: CatalogEntry; kindLabel: string; onGo(to: string): void }) {
  const t = useT();
  const to = routeFor(entry.kind, entry.id) ?? paths.catalog.href(entry.id);
  return (
    <Spotlight.Action onClick={() => onGo(to)} data-kind={entry.kind} data-id={entry.id}>
      <Group wrap="nowrap" gap="sm" w="100%" justify="space-between">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" truncate>
            {entry.label ?? entry.id}
          </Text>
          {/* Spotlight's own description colour: dimmed, or white on the selected (primary) row. */}
          <Text size="xs" c="var(--action-description-color, var(--mantine-color-dimmed))" ff="monospace" truncate>
            {entry.id}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          {entry.pinned ? (
            <Badge size="xs" variant="light" color="yellow">
              {t('catalog.pinnedBadge')}
            </Badge>
          ) : null}
          <Badge size="xs" variant="light" tt="none">
            {kindLabel}
          </Badge>
        </Group>
      </Group>
    </Spotlight.Action>
  );
}

function Hint({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}

function entryMatchesText(text: string, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const hay = text.toLowerCase();
  return words.every((w) => hay.includes(w));
}
