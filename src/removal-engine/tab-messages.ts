import type { BatchMessage } from './batch/batch-messages';
import type { TrackedDeletion } from './single/machine';

/** What one tab tells the others over the deletions channel (see cross-tab.ts). */
export type DeletionMessage =
  { kind: 'deletion'; record: TrackedDeletion } | { kind: 'deletion-dismissed'; key: string };

export type TabMessage = DeletionMessage | BatchMessage;
