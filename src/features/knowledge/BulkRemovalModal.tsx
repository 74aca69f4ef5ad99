import { Modal } from '@mantine/core';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { documentsIn, keptDbErrorOf, stillThere, useCatalog } from '../../lib';
import { useT } from '../../i18n';
import { lookUpAll } from '../../removal-engine/batch/check-first';
import { BULK_BOUNDS } from '../../removal-engine/batch/bounds';
import { parseIds } from '../../removal-engine/batch/parse-ids';
import { batchRows, confirms, initialWizard, leftOutBy, wizardReducer } from './bulk/removal-wizard';
import { BulkCheckStep } from './BulkCheckStep';
import { BulkConfirmStep } from './BulkConfirmStep';
import { BulkIdsStep } from './BulkIdsStep';
import { useDeletionRuntime } from './deletion/hooks';
import { rememberedSpace, rememberSpace } from './retrieval-space';
import { usePathIdError } from '../../components';

export interface BulkRemovalModalProps {
  profileId: string;
  profileName: string;
  knowledgeId: string;
  knowledgeName?: string;
  /** The knowledge base's dataset (from its read), compared with a dataset a document's base info may name. */
  datasetId?: string;
  onClose(): void;
  /** The batch was saved and has started. */
  onStarted(batchId: string): void;
}

/**
 * "Remove many documents": ids in (paste or a .txt/.csv file), an optional check of each id's base info
 * ("38 exist but can't be checked against this knowledge base, 2 unknown": see check-first.ts), then a
 * confirmation by typing the number of documents. The batch itself runs on the page (BulkBatchPanel), so it
 * survives closing this dialog, a reload and a closed tab. The steps are a reducer (bulk/removal-wizard.ts); this
 * dialog does their reading, checking and saving, and moves focus between them.
 */
export function BulkRemovalModal({
  profileId,
  profileName,
  knowledgeId,
  knowledgeName,
  datasetId,
  onClose,
  onStarted,
}: BulkRemovalModalProps) {
  const t = useT();
  const runtime = useDeletionRuntime();
  // The probes' space starts as the one this knowledge base's Test retrieval (or last probe) went through.
  const [wizard, dispatch] = useReducer(wizardReducer, rememberedSpace(profileId, knowledgeId) ?? '', initialWizard);
  const spaces = useCatalog(profileId, 'space');
  const pathIdError = usePathIdError();
  const { step, moved } = wizard;
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  // The button pressed (Check, Continue, Back) goes away with its step: focus follows to what replaced it.
  const stepFocus = useRef<HTMLDivElement>(null);
  const idsInput = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (moved) (step === 'input' ? idsInput.current : stepFocus.current)?.focus();
  }, [step, moved]);

  const parsed = useMemo(() => parseIds(wizard.text, wizard.source), [wizard.text, wizard.source]);
  const leftOut = useMemo(
    () => leftOutBy(wizard.lookups, wizard.includeUnknown),
    [wizard.lookups, wizard.includeUnknown],
  );
  const count = parsed.ids.filter((id) => !leftOut(id)).length;
  const confirmed = confirms(wizard.typed, count);
  const knowledgeLabel = knowledgeName ?? knowledgeId;
  // The documents this browser has seen in this knowledge base: offered, and placed by the check (the base info
  // says nothing of membership, an accepted DELETE or a cited piece of its dataset does).
  const known = documentsIn(useCatalog(profileId, 'document'), { knowledgeId, datasetId });
  const knownHere = new Set(known.map((e) => e.id));

  async function next() {
    dispatch({ type: 'proceeded' });
    if (!wizard.checkFirst) return;
    const controller = new AbortController();
    abort.current = controller;
    const target = { knowledgeId, datasetId };
    const lookups = await lookUpAll(parsed.ids, (id) => runtime.batchIo.lookUp(profileId, id, target), {
      concurrency: BULK_BOUNDS.checkConcurrency,
      signal: controller.signal,
      onProgress: (done) => {
        if (!controller.signal.aborted) dispatch({ type: 'checkProgressed', done });
      },
    });
    if (controller.signal.aborted) return;
    dispatch({
      type: 'checkFinished',
      lookups: lookups.map((l) => (l.status === 'exists' && knownHere.has(l.id) ? { ...l, status: 'found' } : l)),
    });
  }

  /** Saves the batch and starts it; not saved, nothing is sent and the admin is told why (`unsaved`: their choice). */
  async function start(unsaved = false) {
    if (!confirmed || wizard.starting) return;
    const spaceId = wizard.probeSpace.trim();
    const badSpace = spaceId ? pathIdError(spaceId) : null;
    if (badSpace) {
      dispatch({ type: 'probeSpaceRefused', error: badSpace });
      return;
    }
    dispatch({ type: 'startRequested' });
    if (spaceId) rememberSpace(profileId, knowledgeId, spaceId);
    let batch;
    try {
      batch = await runtime.batches.create(
        {
          profileId,
          profileName,
          knowledgeId,
          knowledgeName,
          concurrency: wizard.concurrency,
          rows: batchRows(parsed.ids, wizard.lookups, leftOut),
          // A sample is probed for "gone from answers" through the space, searching the knowledge base's dataset.
          ...(spaceId ? { probeTarget: { spaceId, ...(datasetId ? { datasetId } : {}) } } : {}),
        },
        { unsaved },
      );
    } catch (error) {
      dispatch({ type: 'startFailed', error: keptDbErrorOf(error) });
      return;
    }
    onStarted(batch.id);
  }

  return (
    <Modal
      opened
      onClose={onClose}
      // Closed, focus goes back to the opener (onClose); started, to the new batch's panel: not to where it was.
      returnFocus={false}
      size="lg"
      title={t('knowledge.bulk.title')}
      closeOnClickOutside={step === 'input'}
      data-testid="bulk-dialog"
    >
      {step === 'input' ? (
        <BulkIdsStep
          wizard={wizard}
          dispatch={dispatch}
          parsed={parsed}
          knowledgeLabel={knowledgeLabel}
          idsInput={idsInput}
          onCancel={onClose}
          onNext={() => void next()}
          suggested={known.filter(stillThere).map((e) => e.id)}
        />
      ) : step === 'checking' ? (
        <BulkCheckStep
          checked={wizard.checked}
          total={parsed.ids.length}
          focusRef={stepFocus}
          onCancel={() => {
            abort.current?.abort();
            dispatch({ type: 'back' });
          }}
        />
      ) : (
        <BulkConfirmStep
          wizard={wizard}
          dispatch={dispatch}
          refused={parsed.refused}
          count={count}
          confirmed={confirmed}
          knowledgeLabel={knowledgeLabel}
          spaces={spaces}
          focusRef={stepFocus}
          onStart={(unsaved) => void start(unsaved)}
          onBack={() => dispatch({ type: 'back' })}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
