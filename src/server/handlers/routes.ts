import { chatCompletions, getDataset, getDocumentTexts, queryDocumentBase } from './base';
import { demoSuiteRoute, healthBase, healthSecondary, holdLock, releaseLock, reset } from './controls';
import { deleteConversation, deleteKnowledgeDocument, getKnowledge, updateConversation } from './secondary';
import type { Route } from './types';

/** Every route of both hosts; the dispatcher picks by host, path and method. */
export const ROUTES: readonly Route[] = [
  deleteKnowledgeDocument,
  updateConversation,
  deleteConversation,
  getKnowledge,
  getDataset,
  queryDocumentBase,
  getDocumentTexts,
  chatCompletions,
  holdLock,
  releaseLock,
  reset,
  healthBase,
  healthSecondary,
  demoSuiteRoute,
];
