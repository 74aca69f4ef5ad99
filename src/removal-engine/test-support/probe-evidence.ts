import { BEHAVIOUR_LABELS } from '../probe/behaviour';
import type { ProbeEvidence } from '../probe/evidence';
import type { ProbeRecord } from '../probe/state';

const record = (n: number, at: number, over: Partial<ProbeRecord>): ProbeRecord => ({
  round: 1,
  n,
  at,
  spaceId: '101',
  outcome: 'empty',
  pieces: 0,
  piecesWithDocumentId: 0,
  ...over,
});

/** Evidence with a line of every kind, each outcome and both wordings of the read and the restriction. */
export const EVERY_KIND: ProbeEvidence[] = [
  {
    stage: 'cant_tell',
    documentId: '9001',
    datasetId: '77',
    restricted: false,
    spaceId: '101',
    question: 'How is the blade honed?',
    control: { ...record(1, 10, { outcome: 'found', field: 'document_chunks[0].document_id' }), round: 0 },
    read: { at: 20, via: 'base_info' },
    probes: [
      record(1, 30, { outcome: 'found', field: 'assistant_message', pieces: 3, piecesWithDocumentId: 3 }),
      record(2, 40, { outcome: 'empty', pieces: 1, piecesWithDocumentId: 1 }),
      record(3, 50, { outcome: 'empty', pieces: 2, piecesWithDocumentId: 0 }),
      record(4, 60, { outcome: 'failed', error: { status: 502, message: 'Bad Gateway' } }),
      record(5, 70, { outcome: 'failed', error: { message: 'fetch failed' } }),
    ],
    probeCount: 5,
    tokens: 12345,
    restrictionProbe: { at: 35, found: false },
    unshown: [BEHAVIOUR_LABELS.piecesCarryDocumentId, BEHAVIOUR_LABELS.restrictionOnDeleted],
    unshownKeys: ['piecesCarryDocumentId', 'restrictionOnDeleted'],
  },
  {
    stage: 'not_retrieved',
    documentId: '9002',
    restricted: true,
    spaceId: '102',
    question: 'Battery life?',
    read: { at: 20, via: 'total_files' },
    probes: [],
    probeCount: 0,
    tokens: 1,
    restrictionProbe: { at: 25, found: true },
    unshown: [BEHAVIOUR_LABELS.readAfterDelete],
    unshownKeys: ['readAfterDelete'],
  },
];
