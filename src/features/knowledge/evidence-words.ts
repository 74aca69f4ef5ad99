import type { Translate } from '../../i18n';
import type { EvidenceWords } from '../../removal-engine/probe';

/**
 * The probe evidence's words in the console's language: the engine builds the lines' values (evidence.ts), this
 * table words them. Ids and fields go in as strings (never digit-grouped); counts as numbers, formatted for the
 * language by `t`; times are written by the caller's clock.
 */
export function evidenceWords(t: Translate): EvidenceWords {
  return {
    question: ({ question }) => t('knowledge.gone.evidence.question', { question }),
    targetDataset: ({ space, dataset }) => t('knowledge.gone.evidence.targetDataset', { space, dataset }),
    targetDocument: ({ space, document }) => t('knowledge.gone.evidence.targetDocument', { space, document }),
    control: ({ when, outcome }) => t('knowledge.gone.evidence.control', { when, outcome }),
    read: ({ when, via }) =>
      t(via === 'base_info' ? 'knowledge.gone.evidence.read.base_info' : 'knowledge.gone.evidence.read.total_files', {
        when,
      }),
    probe: ({ n, when, outcome }) => t('knowledge.gone.evidence.probe', { n, when, outcome }),
    found: ({ field }) => t('knowledge.gone.evidence.found', { field }),
    empty: ({ pieces }) => t('knowledge.gone.evidence.empty', { count: pieces }),
    failed: ({ status, message }) =>
      status
        ? t('knowledge.gone.evidence.failedStatus', { status: String(status), message })
        : t('knowledge.gone.evidence.failed', { message }),
    restriction: ({ when, found }) =>
      t(found ? 'knowledge.gone.evidence.restriction.served' : 'knowledge.gone.evidence.restriction.hid', { when }),
    unshown: ({ behaviours }) =>
      t('knowledge.gone.evidence.unshown', {
        behaviours: behaviours.join(t('knowledge.gone.evidence.listSeparator')),
      }),
    behaviour: {
      readAfterDelete: t('knowledge.gone.behaviour.readAfterDelete'),
      piecesCarryDocumentId: t('knowledge.gone.behaviour.piecesCarryDocumentId'),
      restrictionOnDeleted: t('knowledge.gone.behaviour.restrictionOnDeleted'),
    },
    tokens: ({ tokens }) => t('knowledge.gone.evidence.tokens', { tokens }),
  };
}
