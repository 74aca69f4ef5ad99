import type { SuiteFile } from '../../../suite-engine';
import { newSuiteId, type KeptSuite } from './store';

/**
 * "New suite" opens a draft at /suites/new: a suite that is not kept until its first Save, so leaving the page
 * without saving leaves nothing behind. The store's ids all start with "suite-", so none is "new".
 */
export const DRAFT_SUITE_ID = 'new';

/**
 * A draft with one empty case: its id is made now, so the first Save writes the kept suite under it (store.put) and the
 * page moves to the suite's own address. Its empty question is refused by Save until something is entered.
 */
export function draftSuite(profileId: string, name: string, now = Date.now()): KeptSuite {
  const file: SuiteFile = { name, space_id: '101', cases: [{ id: 'case-1', question: '' }] };
  return { id: newSuiteId(), profileId, file, createdAt: now, updatedAt: now };
}
