import type { CatalogKind } from '../../lib';
import type { MessageKey } from '../../i18n';
import type { OPENABLE_KINDS } from './catalog-view';

/** A kind named for the reader, e.g. "Dataset". */
export const KIND_KEYS: Record<CatalogKind, MessageKey> = {
  knowledge: 'catalog.kind.knowledge',
  dataset: 'catalog.kind.dataset',
  document: 'catalog.kind.document',
  conversation: 'catalog.kind.conversation',
  agent: 'catalog.kind.agent',
  space: 'catalog.kind.space',
};

/** A kind's group heading on the catalog page, e.g. "Datasets". */
export const GROUP_KEYS: Record<CatalogKind, MessageKey> = {
  knowledge: 'catalog.group.knowledge',
  dataset: 'catalog.group.dataset',
  document: 'catalog.group.document',
  conversation: 'catalog.group.conversation',
  agent: 'catalog.group.agent',
  space: 'catalog.group.space',
};

/** The spotlight's offer for an id not met yet, e.g. "Open as dataset". */
export const OPEN_AS_KEYS: Record<(typeof OPENABLE_KINDS)[number], MessageKey> = {
  knowledge: 'catalog.spotlight.openAsKnowledge',
  dataset: 'catalog.spotlight.openAsDataset',
  document: 'catalog.spotlight.openAsDocument',
  conversation: 'catalog.spotlight.openAsConversation',
};
