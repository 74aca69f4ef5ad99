import { Group, Stack, Text } from '@mantine/core';
import { useSandboxStarters } from '../api';
import { useConnection, type CatalogKind } from '../lib';
import { useT, type MessageKey } from '../i18n';
import { INTENT_PATH_ATTR } from './intent';
import { plainControls } from './plain-controls';

const KIND_LABELS: Record<CatalogKind, MessageKey> = {
  knowledge: 'starters.kind.knowledge',
  dataset: 'starters.kind.dataset',
  document: 'starters.kind.document',
  conversation: 'starters.kind.conversation',
  agent: 'starters.kind.agent',
  space: 'starters.kind.space',
};

/** As Mantine's Button variant="light" size="compact-sm" drew them: a long name wraps inside its button. */
const STARTER_LOOK = {
  height: 'auto',
  paddingBlock: 4,
  paddingInline: 'var(--mantine-spacing-xs)',
  fontSize: 'var(--mantine-font-size-sm)',
  whiteSpace: 'normal',
  textAlign: 'start',
  lineHeight: 1.4,
} as const;

/**
 * Where a new admin starts: the records the running sandbox holds (its fixture's, whatever it is; GET
 * /__sandbox/starters), one click each. Shown only for a profile the sandbox answers (asked once, see
 * useSandboxStarters); a real service gets nothing.
 */
export function DemoStarters({
  kinds,
  onOpen,
  pathOf,
}: {
  kinds: readonly CatalogKind[];
  onOpen(kind: CatalogKind, id: string): void;
  /** The page a record opens: its chunk and first reads start on intent (src/components/intent.ts). */
  pathOf?: (kind: CatalogKind, id: string) => string | undefined;
}) {
  const t = useT();
  const { active } = useConnection();
  const starters = useSandboxStarters(active);
  if (!starters || kinds.every((kind) => starters[kind].length === 0)) return null;
  const withKind = kinds.length > 1;
  return (
    <Stack gap={6} component="section" aria-label={t('starters.title')} data-testid="demo-starters">
      <Text size="sm" fw={600}>
        {t('starters.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('starters.hint')}
      </Text>
      {/* Several kinds: a line each, named once (not "Dataset:" before every button). */}
      {kinds.map((kind) =>
        starters[kind].length === 0 ? null : (
          <Stack key={kind} gap={4}>
            {withKind ? (
              <Text size="xs" c="dimmed" fw={600}>
                {t(KIND_LABELS[kind])}
              </Text>
            ) : null}
            <Group gap="xs" wrap="wrap">
              {starters[kind].map((record) => (
                // The shell's plain button, not Mantine's: the overview shows these on a first visit, and Mantine's
                // Button brings its Loader and Transition (the shared kit chunk) to a page that needs none of them.
                <button
                  key={record.id}
                  type="button"
                  className={plainControls.button}
                  onClick={() => onOpen(kind, record.id)}
                  title={record.id}
                  style={STARTER_LOOK}
                  data-testid="demo-starter"
                  aria-label={withKind ? `${t(KIND_LABELS[kind])}: ${record.name}` : undefined}
                  {...{ [INTENT_PATH_ATTR]: pathOf?.(kind, record.id) }}
                >
                  {record.name}
                </button>
              ))}
            </Group>
          </Stack>
        ),
      )}
    </Stack>
  );
}
