import { Stack, Text, Title } from '@mantine/core';
import { useCatalog } from '../../lib';
import { useT } from '../../i18n';
import { DeletionItem } from './DeletionItem';
import type { TrackedDeletion } from '../../removal-engine/single/machine';

export interface DeletionListProps {
  deletions: readonly TrackedDeletion[];
  /** On the overview, each item says which knowledge base it belongs to. */
  showKnowledge?: boolean;
  /** Shown instead of the list when there is nothing tracked; omit to render nothing. */
  emptyText?: string;
}

/** Tracked deletions, active ones first; survives reloads because the tracker keeps them in localStorage. */
export function DeletionList({ deletions, showKnowledge = false, emptyText }: DeletionListProps) {
  const t = useT();
  // The overview names each deletion's knowledge base from the catalog (ids are what the tracker keeps).
  const knowledge = useCatalog(deletions[0]?.profileId, 'knowledge');
  const labelOf = (id: string) => (showKnowledge ? (knowledge.find((e) => e.id === id)?.label ?? null) : undefined);
  if (deletions.length === 0 && !emptyText) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="tracked-deletions-title" data-testid="deletion-list">
      <Title order={2} size="h4" id="tracked-deletions-title">
        {t('knowledge.deletions.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('knowledge.deletions.explain')}
      </Text>
      {deletions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        deletions.map((d) => (
          <DeletionItem key={`${d.knowledgeId}/${d.documentId}`} deletion={d} knowledgeLabel={labelOf(d.knowledgeId)} />
        ))
      )}
    </Stack>
  );
}
