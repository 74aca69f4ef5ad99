import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { documentsIn, stillThere, useCatalog } from '../../lib';
import { CatalogDatalist, usePathIdError } from '../../components';
import { useT } from '../../i18n';
import { phaseOf } from '../../removal-engine/batch/batch';
import { phaseLabel } from './bulk/phase-label';
import { useBatches, useDeletionRuntime } from './deletion/hooks';
import { deletionKey } from '../../removal-engine/single/tracker';
import { isActive } from '../../removal-engine/single/machine';
import { rememberedSpace, rememberSpace } from './retrieval-space';
import { ProbeSpaceField } from './ProbeSpaceField';

// Loaded when first asked for: the modal's focus trap and scroll lock are not part of the page's first view.
const ConfirmDeletionModal = lazy(() =>
  import('./ConfirmDeletionModal').then((m) => ({ default: m.ConfirmDeletionModal })),
);

export interface DeleteDocumentFormProps {
  profileId: string;
  knowledgeId: string;
  knowledgeName?: string;
  /** The knowledge base's dataset: documents cited from it are suggested with the knowledge base's own. */
  datasetId?: string;
  /** Explicitly false: the action is disabled and says why. Missing (drift): allowed, the service decides. */
  canDelete: boolean | undefined;
  totalFiles: number | undefined;
}

/** Type or pick a document id, confirm in a modal that names it, then hand it to the deletion tracker. */
export function DeleteDocumentForm({
  profileId,
  knowledgeId,
  knowledgeName,
  datasetId,
  canDelete,
  totalFiles,
}: DeleteDocumentFormProps) {
  const t = useT();
  const { tracker, batches, probes } = useDeletionRuntime();
  // The space probes ask through: the one Test retrieval remembers for this knowledge base (empty: not checked).
  const spaces = useCatalog(profileId, 'space');
  const [space, setSpace] = useState(() => rememberedSpace(profileId, knowledgeId) ?? '');
  const [spaceError, setSpaceError] = useState<string | null>(null);
  /** The control is being asked (the DELETE waits for it); a ref too, so a second click sends nothing twice. */
  const controlling = useRef(false);
  const [controlPending, setControlPending] = useState(false);
  /** A document a running bulk removal is deleting: shown with that one's state, no second DELETE sent. */
  const [inBatch, setInBatch] = useState<string | null>(null);
  useBatches();
  const batchRow = inBatch ? batches.deleting(profileId, knowledgeId, inBatch)?.row : undefined;
  // Suggested: the documents seen in this knowledge base and not known as deleted, then any other document met.
  const all = useCatalog(profileId, 'document');
  const here = documentsIn(all, { knowledgeId, datasetId }).filter(stillThere);
  const documents = [...here, ...all.filter((e) => !here.includes(e) && stillThere(e))];
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const pathIdError = usePathIdError();
  const disabled = canDelete === false;
  // The modal unmounts as it closes, so Mantine can't hand focus back: the button that opened it takes it.
  const submitRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) wasConfirming.current = true;
    else if (wasConfirming.current) {
      wasConfirming.current = false;
      submitRef.current?.focus();
    }
  }, [confirming]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const id = value.trim();
    if (!id) {
      setError(t('knowledge.delete.idRequired'));
      return;
    }
    const unusable = pathIdError(id);
    setError(unusable);
    const spaceId = space.trim();
    const badSpace = spaceId ? pathIdError(spaceId) : null;
    setSpaceError(badSpace);
    if (!unusable && !badSpace) setConfirming(id);
  }

  async function confirm(documentName: string | undefined) {
    const documentId = confirming;
    if (!documentId || controlling.current) return;
    setConfirming(null);
    setValue('');
    if (batches.deleting(profileId, knowledgeId, documentId)) {
      setInBatch(documentId);
      return;
    }
    setInBatch(null);
    const key = deletionKey({ profileId, knowledgeId, documentId });
    const spaceId = space.trim();
    const running = tracker.getSnapshot().find((d) => deletionKey(d) === key && isActive(d));
    if (spaceId && !running) {
      // The positive control goes before the DELETE: what retrieval finds of the document now. Its failure is the
      // probe's ("probe failed", no verdict claimed), never a reason to hold the DELETE back.
      rememberSpace(profileId, knowledgeId, spaceId);
      controlling.current = true;
      setControlPending(true);
      await probes
        .prepare(key, { profileId, knowledgeId, documentId, datasetId, spaceId })
        .catch(() => undefined)
        .finally(() => {
          controlling.current = false;
          setControlPending(false);
        });
    }
    tracker.track({ profileId, knowledgeId, documentId, documentName, baselineTotalFiles: totalFiles });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="delete-document-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="delete-document-title">
          {t('knowledge.delete.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('knowledge.delete.explain')}
        </Text>
        {disabled ? (
          <Alert
            color="yellow"
            variant="light"
            title={t('knowledge.delete.disabledTitle')}
            data-testid="delete-disabled-reason"
          >
            {t('knowledge.delete.disabledReason')}
          </Alert>
        ) : null}
        <form onSubmit={submit} noValidate>
          {/* The button sits beside the input (not under it, where the suggestions open), the error below both:
              Mantine's own error, so the field is described by it (Mantine overrides an aria-describedby of ours). */}
          <TextInput
            label={t('knowledge.delete.documentId')}
            description={documents.length > 0 ? t('knowledge.delete.pickHint') : t('knowledge.delete.typeHint')}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(pathIdError(e.currentTarget.value.trim()));
            }}
            list={listId}
            error={error}
            errorProps={{ role: 'alert', id: 'delete-document-error' }}
            disabled={disabled}
            autoComplete="off"
            spellCheck={false}
            maw="44rem"
            inputContainer={(input) => (
              <Group gap="xs" wrap="nowrap">
                <div style={{ flex: 1 }}>{input}</div>
                <Button ref={submitRef} type="submit" color="red" variant="light" disabled={disabled}>
                  {t('knowledge.delete.submit')}
                </Button>
              </Group>
            )}
          />
          <CatalogDatalist id={listId} entries={documents} />
          <ProbeSpaceField
            mt="xs"
            description={t('knowledge.gone.spaceHint')}
            value={space}
            onChange={(next) => {
              setSpace(next);
              setSpaceError(null);
            }}
            error={spaceError}
            disabled={disabled}
            spaces={spaces}
            testId="gone-space"
          />
          {controlPending ? (
            <Text component="output" display="block" size="sm" c="dimmed" mt="xs" data-testid="gone-controlling">
              {t('knowledge.gone.controlling')}
            </Text>
          ) : null}
        </form>
        {inBatch && batchRow ? (
          <Alert color="blue" variant="light" data-testid="delete-in-batch" data-document-id={inBatch}>
            {t('knowledge.delete.inBatch', { id: inBatch, state: t(phaseLabel(phaseOf(batchRow))) })}
          </Alert>
        ) : null}
      </Stack>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDeletionModal
            documentId={confirming}
            knowledgeId={knowledgeId}
            knowledgeName={knowledgeName}
            onCancel={() => setConfirming(null)}
            onConfirm={(name) => void confirm(name)}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}
