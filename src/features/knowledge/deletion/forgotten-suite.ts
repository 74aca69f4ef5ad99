import { notifications } from '@mantine/notifications';
import { translator, type Translate } from '../../../i18n';
import type { KeptDb } from '../../../lib';
import type { GoneFromAnswers } from '../../../removal-engine/probe';

/**
 * A deletion verified "not retrieved" becomes a case of its knowledge base's "forgotten documents" suite, so a
 * nightly suite run catches a document a re-sync brought back. A probe asks through the dataset, so a deletion
 * without one proves nothing a suite could repeat and is not kept. A failed write is shown, never swallowed.
 */
export function keepForgotten(keptDb: KeptDb, translate: () => Translate | undefined) {
  return (gone: GoneFromAnswers): void => {
    if (!gone.datasetId) return;
    const entry = { ...gone, datasetId: gone.datasetId };
    // Loaded when a removal is first verified: the knowledge page's first visit carries no suite code.
    import('../../../suite-engine/forgotten')
      .then(({ rememberForgotten }) => rememberForgotten(entry, keptDb))
      .catch((error: unknown) => {
        const t = translate() ?? translator('en');
        notifications.show({
          color: 'red',
          title: t('knowledge.gone.forgottenFailed', { name: gone.documentId }),
          message: error instanceof Error ? error.message : String(error),
        });
      });
  };
}
