import { chatCompletions, getDataset, getDocumentTexts, queryDocumentBase } from './base';
import { deleteCalls, demoSuiteRoute, healthBase, healthSecondary, holdLock, releaseLock, reset } from './controls';
import { deletionBehaviour, setDeletionBehaviour } from './deletion-controls';
import { deleteConversation, deleteKnowledgeDocument, getKnowledge, updateConversation } from './secondary';
import { startersRoute } from './starters';
import { setStreamBehaviour, streamBehaviour } from './stream-controls';
import type { EndpointName } from '../../contract';
import type { EndpointRoute, Route } from './types';

/** The sandbox's handler of each operation in the contract: a new endpoint fails to compile here until it has one. */
const ENDPOINT_ROUTES: { readonly [N in EndpointName]: EndpointRoute<N> } = {
  deleteKnowledgeDocument,
  updateConversation,
  deleteConversation,
  getKnowledge,
  getDataset,
  queryDocumentBase,
  getDocumentTexts,
  chatCompletions,
};

/** Every route of both hosts; the dispatcher picks by host, path and method. */
export const ROUTES: readonly Route[] = [
  ...Object.values(ENDPOINT_ROUTES),
  holdLock,
  releaseLock,
  reset,
  healthBase,
  healthSecondary,
  demoSuiteRoute,
  startersRoute,
  deleteCalls,
  deletionBehaviour,
  setDeletionBehaviour,
  streamBehaviour,
  setStreamBehaviour,
];
