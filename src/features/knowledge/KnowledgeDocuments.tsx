import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { documentsIn, useCatalog, type CatalogEntry, type DocumentState, type KnowledgePlace } from '../../lib';
import { StatusBadge, type StatusTone } from '../../components';
import { useFormat, useT, type MessageKey } from '../../i18n';
import { paths } from '../../config/paths';

const STATE_VIEW: Record<DocumentState, { tone: StatusTone; label: MessageKey }> = {
  seen: { tone: 'ok', label: 'knowledge.known.state.seen' },
  pending: { tone: 'warning', label: 'knowledge.known.state.pending' },
  deleted: { tone: 'unknown', label: 'knowledge.known.state.deleted' },
  not_retrieved: { tone: 'error', label: 'knowledge.known.state.not_retrieved' },
};

/** At most this many are listed (the newest): the catalog keeps up to 200 documents per profile. */
const SHOWN_MAX = 50;

/**
 * The documents this browser has seen in the knowledge base, with their last known state and when: the service lists
 * none, so this is the catalog's (src/lib/catalog/documents.ts), labelled as such.
 */
export function KnowledgeDocuments({ profileId, place }: { profileId: string; place: KnowledgePlace }) {
  const t = useT();
  const documents = documentsIn(useCatalog(profileId, 'document'), place);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="known-documents-title">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="known-documents-title">
            {t('knowledge.known.title')}
          </Title>
          {documents.length > 0 ? (
            <Text size="sm" c="dimmed" data-testid="known-documents-count">
              {t('knowledge.known.count', { count: documents.length })}
            </Text>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('knowledge.known.hint')}
        </Text>
        {documents.length === 0 ? (
          <Text size="sm" data-testid="known-documents-empty">
            {t('knowledge.known.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} data-testid="known-documents">
            {documents.slice(0, SHOWN_MAX).map((entry, i) => (
              <KnownDocument key={entry.id} entry={entry} first={i === 0} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function KnownDocument({ entry, first }: { entry: CatalogEntry; first: boolean }) {
  const t = useT();
  const { formatDateTime } = useFormat();
  const state = entry.status?.state ?? 'seen';
  const view = STATE_VIEW[state];
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py={6}
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="known-document"
      data-document-id={entry.id}
      data-state={state}
    >
      <Stack gap={0} style={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Anchor
          component={Link}
          to={paths.document.href(entry.id)}
          size="sm"
          fw={500}
          style={{ overflowWrap: 'anywhere' }}
        >
          {entry.label ?? t('knowledge.known.unnamed')}
        </Anchor>
        <Text size="xs" c="dimmed" ff="monospace">
          {entry.id}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <StatusBadge tone={view.tone}>{t(view.label)}</StatusBadge>
        <Text size="xs" c="dimmed">
          {formatDateTime(entry.status?.at ?? entry.lastSeenAt)}
        </Text>
      </Group>
    </Group>
  );
}
