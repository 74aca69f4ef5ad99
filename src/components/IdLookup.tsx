import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { catalogStore, useCatalog, useConnection, type CatalogEntry, type CatalogKind } from '../lib';
import { useFormat, useT } from '../i18n';
import { DemoStarters } from './DemoStarters';
import { starterName, useSandboxStarters } from '../api';
import { PinIcon } from './icons';
import { usePathIdError } from './path-id-error';
import { Hint } from './Hint';
import { INTENT_PATH_ATTR, signalIntent } from './intent';

/**
 * How long a typed id rests before its page is asked for: an id typed key by key passes through shorter ids (each
 * a read that answers 404); a pasted one is asked for at once.
 */
const TYPED_ID_SETTLE_MS = 400;

export interface IdLookupProps {
  kind: CatalogKind;
  /** The input's label, e.g. "Dataset id". */
  label: string;
  onOpen(id: string): void;
  /** The page an id opens (config/paths.ts): its chunk and first reads start once the box holds a usable id. */
  pathOf?: (id: string) => string;
  /** How many recent ids to list. */
  recentLimit?: number;
}

/**
 * Where every resource page starts: there are no list endpoints, so an admin pastes an id
 * or picks one the console has met before (pinned first, then recent), per profile.
 */
export function IdLookup({ kind, label, onOpen, pathOf, recentLimit = 8 }: IdLookupProps) {
  const t = useT();
  const { active } = useConnection();
  const entries = useCatalog(active?.id, kind);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pathIdError = usePathIdError();
  const pinned = entries.filter((e) => e.pinned);
  const recent = entries.filter((e) => !e.pinned).slice(0, recentLimit);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);

  /** An id the box could open is the admin's intent to open it: say so, at once when pasted. */
  function intentOf(event: ChangeEvent<HTMLInputElement>, id: string) {
    clearTimeout(settle.current);
    if (!pathOf || !id || pathIdError(id)) return;
    const input = event.currentTarget;
    const { inputType } = event.nativeEvent as InputEvent;
    if (inputType === 'insertFromPaste' || inputType === 'insertFromDrop') signalIntent(input, pathOf(id));
    else settle.current = setTimeout(() => signalIntent(input, pathOf(id)), TYPED_ID_SETTLE_MS);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const id = value.trim();
    if (!id) {
      setError(t('catalog.idRequired'));
      return;
    }
    const unusable = pathIdError(id);
    setError(unusable);
    if (!unusable) onOpen(id);
  }

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <TextInput
          label={label}
          description={t('catalog.idHint')}
          value={value}
          error={error}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(pathIdError(e.currentTarget.value.trim()));
            intentOf(e, e.currentTarget.value.trim());
          }}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          rightSectionWidth={84}
          rightSectionPointerEvents="all"
          rightSection={
            <Button type="submit" size="compact-sm" mr={4}>
              {t('catalog.open')}
            </Button>
          }
        />
      </form>
      {pinned.length > 0 ? (
        <EntryList title={t('catalog.pinned')} entries={pinned} onOpen={onOpen} pathOf={pathOf} />
      ) : null}
      {recent.length > 0 ? (
        <EntryList title={t('catalog.recent')} entries={recent} onOpen={onOpen} pathOf={pathOf} />
      ) : null}
      {pinned.length + recent.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('catalog.empty')}
        </Text>
      ) : null}
      {/* Kept after ids have been seen: a sandbox's starting points are where a second look starts too. */}
      <DemoStarters kinds={[kind]} onOpen={(_, id) => onOpen(id)} pathOf={pathOf && ((_, id) => pathOf(id))} />
    </Stack>
  );
}

function EntryList({
  title,
  entries,
  onOpen,
  pathOf,
}: {
  title: string;
  entries: CatalogEntry[];
  onOpen(id: string): void;
  pathOf?: (id: string) => string;
}) {
  const t = useT();
  const { formatDateTime } = useFormat();
  const { active } = useConnection();
  // An id met without its name (a deletion, a document's text): the sandbox's starting points may know it.
  const starters = useSandboxStarters(active, { enabled: entries.some((e) => !e.label) });
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {title}
      </Text>
      <Paper withBorder radius="sm">
        {entries.map((entry, i) => {
          const name = entry.label ?? starterName(starters, entry.kind, entry.id);
          return (
            <Group
              key={entry.id}
              justify="space-between"
              wrap="nowrap"
              px="sm"
              py={6}
              style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <UnstyledButton
                onClick={() => onOpen(entry.id)}
                {...{ [INTENT_PATH_ATTR]: pathOf?.(entry.id) }}
                style={{ flex: 1, minWidth: 0 }}
                title={t('catalog.seenAt', { when: formatDateTime(entry.lastSeenAt) })}
              >
                <Text size="sm" fw={500} truncate>
                  {name ?? entry.id}
                </Text>
                {name ? (
                  <Text size="xs" c="dimmed" ff="monospace" truncate>
                    {entry.id}
                  </Text>
                ) : null}
              </UnstyledButton>
              <PinToggle
                entry={entry}
                label={entry.pinned ? t('catalog.unpin', { id: entry.id }) : t('catalog.pin', { id: entry.id })}
              />
            </Group>
          );
        })}
      </Paper>
    </Stack>
  );
}

function PinToggle({ entry, label }: { entry: CatalogEntry; label: string }) {
  return (
    <Hint label={label} placement="above">
      <ActionIcon
        variant={entry.pinned ? 'light' : 'subtle'}
        color={entry.pinned ? 'yellow' : 'gray'}
        aria-label={label}
        aria-pressed={entry.pinned}
        onClick={() => catalogStore.setPinned(entry.profileId, entry.kind, entry.id, !entry.pinned)}
      >
        <PinIcon filled={entry.pinned} />
      </ActionIcon>
    </Hint>
  );
}
