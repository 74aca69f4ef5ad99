import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { documentBaseQuery, isApiError } from '../../api';
import { catalogStore, useCatalog, useConnection, type CatalogEntry } from '../../lib';
import { ErrorState, PageHeader } from '../../components';
import { useFormat, useT } from '../../i18n';
import { BaseInfo } from './BaseInfo';
import { DocumentText } from './DocumentText';
import { paths } from '../../config/paths';

/**
 * /documents/:id — base info and full text, each loading and failing independently; a document this profile
 * deleted says so (when, how it was confirmed), and one that is not there is one "not found", not one per read.
 */
export function DocumentDetail({ id }: { id: string }) {
  const t = useT();
  const { active } = useConnection();
  // The same cached query BaseInfo reads: its name titles the page and names the download.
  const base = useQuery(documentBaseQuery(id));
  const entry = useCatalog(active?.id, 'document').find((e) => e.id === id);
  const notFound = base.isError && isApiError(base.error) && base.error.status === 404;
  const state = entry?.status?.state;
  const profileId = active?.id;
  useEffect(() => {
    if (!notFound || !profileId || !catalogStore.get(profileId, 'document', id)) return;
    // A deletion of ours the read now confirms; otherwise a document the console knew is no longer retrieved.
    if (state === 'pending')
      catalogStore.remember(profileId, [
        { kind: 'document', id, status: { state: 'deleted', confirmedBy: 'read_404' } },
      ]);
    else if (state !== 'deleted' && state !== 'not_retrieved')
      catalogStore.remember(profileId, [{ kind: 'document', id, status: { state: 'not_retrieved' } }]);
  }, [notFound, profileId, id, state]);
  const name = base.data?.record.name || entry?.label || undefined;
  return (
    <Stack gap="md">
      <PageHeader
        title={name ?? t('documents.title')}
        description={
          <Text span inherit ff="monospace">
            {t('documents.idLine', { id })}
          </Text>
        }
        actions={
          <Anchor component={Link} to={paths.documents.href()} size="sm">
            ← {t('documents.backToLookup')}
          </Anchor>
        }
      />
      {entry && (state === 'deleted' || state === 'pending') ? (
        <DeletionNotice entry={entry} served={base.isSuccess} />
      ) : null}
      {notFound ? (
        state === 'deleted' || state === 'pending' ? null : (
          <ErrorState
            error={base.error}
            title={t('documents.notFound.title', { id })}
            onRetry={() => void base.refetch()}
          />
        )
      ) : (
        <>
          <BaseInfo id={id} />
          <DocumentText id={id} name={name} />
        </>
      )}
    </Stack>
  );
}

/** What this profile did to the document: deleted (when, how confirmed) or asked to delete (not confirmed). */
function DeletionNotice({ entry, served }: { entry: CatalogEntry; served: boolean }) {
  const t = useT();
  const { formatDateTime } = useFormat();
  const status = entry.status!;
  const knowledge = entry.knowledgeId ?? '—';
  const when = formatDateTime(status.at);
  if (status.state === 'pending')
    return (
      <Alert color="yellow" variant="light" title={t('documents.pending.title')} data-testid="document-deletion-note">
        {t('documents.pending.body', { knowledge, when })}{' '}
        {entry.knowledgeId ? (
          <Anchor component={Link} to={paths.knowledgeBase.href(entry.knowledgeId)} size="sm">
            {entry.knowledgeId}
          </Anchor>
        ) : null}
      </Alert>
    );
  return (
    <Alert color="gray" variant="light" title={t('documents.deleted.title')} data-testid="document-deletion-note">
      {t('documents.deleted.body', {
        knowledge,
        when,
        how: t(`documents.deleted.how.${status.confirmedBy ?? 'delete_200'}`),
      })}
      {served ? ` ${t('documents.deleted.stillServed')}` : ''}
    </Alert>
  );
}
