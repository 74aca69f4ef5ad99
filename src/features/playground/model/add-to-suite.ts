import type { KeptDb } from '../../../lib';
import {
  addAnswerCase,
  newSuiteFromAnswer,
  parseKeptSuite,
  type AnswerForCase,
  type CaseAdded,
  type KeptSuite,
} from '../../../suite-engine';
import type { Exchange } from './exchange';

/**
 * "Add to suite" on an answer: the suites kept for the profile, and a case appended to one (or to a new one) in the
 * kept database, through the engine's kept-suite module (the suites area reads the same rows).
 */
export function suiteShelf(db: KeptDb) {
  const suites = db.store<KeptSuite>('suites', parseKeptSuite);
  return {
    /** The profile's suites, last changed first. */
    async list(profileId: string): Promise<KeptSuite[]> {
      const { rows } = await suites.where('byProfile', profileId);
      return rows.sort((a, b) => b.updatedAt - a.updatedAt);
    },
    /** Appends in one transaction: a case another tab added meanwhile is kept, and ids stay unique. */
    async addTo(suiteId: string, answer: AnswerForCase): Promise<CaseAdded> {
      let added: CaseAdded = { ok: false, error: 'the suite is no longer kept in this browser' };
      await suites.update(suiteId, (current) => {
        if (!current) return undefined;
        added = addAnswerCase(current, answer);
        return added.ok ? added.suite : undefined;
      });
      return added;
    },
    async addToNew(profileId: string, name: string, spaceId: string, answer: AnswerForCase): Promise<CaseAdded> {
      const added = newSuiteFromAnswer(profileId, name, spaceId, answer);
      if (added.ok) await suites.put(added.suite);
      return added;
    },
  };
}

/** What an answer gives a case: the question as sent, and the documents its answer cited. */
export const answerForCase = (exchange: Exchange): AnswerForCase => ({
  question: typeof exchange.body.message === 'string' ? exchange.body.message : String(exchange.body.message ?? ''),
  documentIds: (exchange.result?.document_chunks ?? []).map((c) => c.document_id),
});

/** An answer can become a case once it finished with text (an error or an empty stop has nothing to keep). */
export const canAddToSuite = (exchange: Exchange): boolean =>
  (exchange.status === 'done' || exchange.status === 'ended_early' || exchange.status === 'stopped') &&
  typeof exchange.body.message === 'string' &&
  exchange.body.message.trim() !== '';
