import { useEffect } from 'react';
import { BulkRemoval, type BulkRemovalProps } from './BulkRemoval';
import { DeleteDocumentForm } from './DeleteDocumentForm';
import { DeletionList } from './DeletionList';
import { useCatalogFromDeletions } from './catalog-sync';
import { useBatches, useDeletionRuntime, useDeletions } from './deletion/hooks';
import { useDeletionSync } from './deletion/use-deletion-sync';
import { deletionsFor } from './deletion/view';

/**
 * Everything on a knowledge page that reads the deletion runtime (tracker, bulk batches, tab coordination: ≈13 KB
 * gzip, 40 KB of JS to compile), in a chunk of its own: the page asks for it after its content has painted, so a
 * cold knowledge page's first paint neither fetches nor evaluates it. Mounting either part starts the runtime and
 * its sync (refreshes and notifications), as the page itself did before.
 */
function useRunningDeletions(profileId: string | undefined) {
  const runtime = useDeletionRuntime();
  useEffect(() => runtime.start(), [runtime]);
  useDeletionSync();
  const deletions = useDeletions();
  useCatalogFromDeletions(profileId, deletions, useBatches());
  return deletions;
}

/** Bulk removal's, and the document count the single-deletion form shows. */
interface KnowledgeBaseDeletionsProps extends BulkRemovalProps {
  totalFiles: number | undefined;
}

/** Below a knowledge base's record: deleting one document, its tracked deletions, bulk removal. */
export function KnowledgeBaseDeletions(props: KnowledgeBaseDeletionsProps) {
  const all = useRunningDeletions(props.profileId);
  const { profileId, knowledgeId, knowledgeName, canDelete } = props;
  return (
    <>
      <DeleteDocumentForm
        profileId={profileId}
        knowledgeId={knowledgeId}
        knowledgeName={knowledgeName}
        datasetId={props.datasetId}
        canDelete={canDelete}
        totalFiles={props.totalFiles}
      />
      <DeletionList deletions={deletionsFor(all, profileId, knowledgeId)} />
      <BulkRemoval
        profileId={profileId}
        profileName={props.profileName}
        knowledgeId={knowledgeId}
        knowledgeName={knowledgeName}
        datasetId={props.datasetId}
        canDelete={canDelete}
      />
    </>
  );
}

/** /knowledge: every tracked deletion of the active profile. */
export function AllDeletions({ profileId }: { profileId: string | undefined }) {
  const all = useRunningDeletions(profileId);
  return <DeletionList deletions={deletionsFor(all, profileId)} showKnowledge />;
}
