import type { KeptDbErrorKind } from '../lib';
import type { MessageKey } from '../i18n';

/** What the admin reads, and can act on, for each way the browser's storage refuses (see KeptDbError). */
export const storageErrorKey = (kind: KeptDbErrorKind): MessageKey => `storage.error.${kind}`;
