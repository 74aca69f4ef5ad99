import { totalFilesConfirms } from './machine';
import type { CheckOutcome } from './deletion-io';

/** Machine-readable check details (the page words them); anything else is an error message shown as is. */
export const CHECK_DETAIL = { baseInfoNotFound: 'base_info_404', totalFiles: 'total_files' } as const;

/** The two reads that can confirm a deletion. Both throw { message } when the read itself fails. */
export interface ConfirmReads {
  /** Whether the document's base info still answers (false on a 404). */
  baseInfoAnswers(documentId: string): Promise<boolean>;
  /** The knowledge base's total_files, when the answer has one. */
  totalFiles(knowledgeId: string): Promise<number | undefined>;
}

/** What the total_files fallback needs: the count before the first DELETE, and how many deletions it must cover. */
export interface TotalFilesContext {
  baseline: number | undefined;
  /** Deletions (of this batch, or this one deletion) already confirmed. */
  confirmed: number;
  /** Accepted deletions not confirmed yet, this one included. */
  awaiting: number;
}

/**
 * One confirmation read, the same for a single deletion and a batch row: base info not found ⇒ gone; else
 * the knowledge base's total_files, which confirms only under totalFilesConfirms (a service whose base info
 * keeps answering for a soft-deleted document is confirmed by the count instead).
 */
export async function confirmByReads(
  reads: ConfirmReads,
  target: { knowledgeId: string; documentId: string },
  /** A function is read after total_files answers, so a batch counts its rows as they are then. */
  context: TotalFilesContext | (() => TotalFilesContext),
): Promise<CheckOutcome> {
  try {
    if (!(await reads.baseInfoAnswers(target.documentId)))
      return { result: 'gone', via: 'base_info', detail: CHECK_DETAIL.baseInfoNotFound };
  } catch (error) {
    return { result: 'error', detail: messageOf(error) };
  }
  try {
    const total = await reads.totalFiles(target.knowledgeId);
    if (total === undefined) return { result: 'present' };
    const detail = `${CHECK_DETAIL.totalFiles}:${total}`;
    const { baseline, confirmed, awaiting } = typeof context === 'function' ? context() : context;
    if (baseline !== undefined && totalFilesConfirms(baseline, total, confirmed, awaiting))
      return { result: 'gone', via: 'total_files', detail };
    return { result: 'present', detail };
  } catch (error) {
    return { result: 'error', detail: messageOf(error) };
  }
}

function messageOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { serviceMessage?: unknown; message?: unknown };
    return String(e.serviceMessage ?? e.message ?? error);
  }
  return String(error);
}
