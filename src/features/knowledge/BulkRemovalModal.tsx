import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  List,
  Modal,
  NumberInput,
  Progress,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { keptDbErrorOf, type KeptDbError } from '../../api';
import { formatBytes, storageErrorKey } from '../../components';
import { useT, type MessageKey } from '../../i18n';
import { lookUpAll, summarise, type Lookup, type LookupSummary } from './bulk/check-first';
import classes from './BulkRemoval.module.css';
import { inputTooLarge } from './bulk/input-size';
import { BULK_REMOVAL_LIMITS } from './bulk/limits';
import { parseIds, sourceOfFile, type IdSource, type RefusedId } from './bulk/parse-ids';
import { useDeletionRuntime } from './deletion/hooks';

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

type Step = 'input' | 'checking' | 'review';

/** Refused ids listed at most (the count says how many more). */
const REFUSED_SHOWN = 50;
/** Names of found documents listed in the review at most. */
const FOUND_SHOWN = 200;

/**
 * "Remove many documents": ids in (paste or a .txt/.csv file), an optional check of each id's base info
 * ("38 exist but can't be checked against this knowledge base, 2 unknown": see check-first.ts), then a
 * confirmation by typing the number of documents. The batch itself runs on the page (BulkBatchPanel), so it
 * survives closing this dialog, a reload and a closed tab.
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
  const [text, setText] = useState('');
  const [source, setSource] = useState<IdSource>('text');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checkFirst, setCheckFirst] = useState(true);
  const [step, setStep] = useState<Step>('input');
  const [checked, setChecked] = useState(0);
  const [lookups, setLookups] = useState<Lookup[] | null>(null);
  const [includeUnknown, setIncludeUnknown] = useState(false);
  const [concurrency, setConcurrency] = useState<number>(BULK_REMOVAL_LIMITS.concurrencyDefault);
  const [typed, setTyped] = useState('');
  const [starting, setStarting] = useState(false);
  const [saveError, setSaveError] = useState<KeptDbError | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  // The button pressed (Check, Continue) goes away with its step: focus follows to what replaced it.
  const stepFocus = useRef<HTMLDivElement>(null);
  const idsInput = useRef<HTMLTextAreaElement>(null);
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (moved) (step === 'input' ? idsInput.current : stepFocus.current)?.focus();
  }, [step, moved]);

  const parsed = useMemo(() => parseIds(text, source), [text, source]);
  const summary = lookups ? summarise(lookups) : null;
  const unknownIds = useMemo(() => new Set(lookups?.filter((l) => l.status === 'unknown').map((l) => l.id)), [lookups]);
  // Named by their base info as another knowledge base's: always left out (the service refuses their DELETE).
  const elsewhereIds = useMemo(
    () => new Set(lookups?.filter((l) => l.status === 'elsewhere').map((l) => l.id)),
    [lookups],
  );
  const leftOut = (id: string) => elsewhereIds.has(id) || (!includeUnknown && unknownIds.has(id));
  const toRemove = parsed.ids.filter((id) => !leftOut(id));
  const count = toRemove.length;
  // "1,000" or "1 000" typed for 1000 confirms too: the admin typed the number, not its digits.
  const confirmed = typed.replace(/[\s,.'_]/g, '') === String(count) && count > 0;

  async function readFile(file: File | null) {
    if (!file) return;
    setFileError(null);
    // Refused before it is read: the textarea keeps what it had.
    if (inputTooLarge(file.size)) {
      setFileError(
        t('knowledge.bulk.input.fileTooLarge', {
          name: file.name,
          size: formatBytes(file.size),
          max: formatBytes(BULK_REMOVAL_LIMITS.inputBytesMax),
          maxIds: BULK_REMOVAL_LIMITS.maxIds,
        }),
      );
      return;
    }
    try {
      const content = await file.text();
      setSource(sourceOfFile(file.name));
      setFileName(file.name);
      setText(content);
    } catch (error) {
      setFileError(t('knowledge.bulk.input.fileFailed', { name: file.name, reason: String(error) }));
    }
  }

  const pasteTooLarge = (length: number) =>
    t('knowledge.bulk.input.pasteTooLarge', {
      size: formatBytes(length),
      max: formatBytes(BULK_REMOVAL_LIMITS.inputBytesMax),
    });

  function onDrop(event: DragEvent) {
    event.preventDefault();
    void readFile(event.dataTransfer.files[0] ?? null);
  }

  async function next() {
    setLookups(null);
    setIncludeUnknown(false);
    setTyped('');
    setMoved(true);
    if (!checkFirst) {
      setStep('review');
      return;
    }
    setStep('checking');
    setChecked(0);
    const controller = new AbortController();
    abort.current = controller;
    const target = { knowledgeId, datasetId };
    const results = await lookUpAll(parsed.ids, (id) => runtime.batchIo.lookUp(profileId, id, target), {
      concurrency: BULK_REMOVAL_LIMITS.checkConcurrency,
      signal: controller.signal,
      onProgress: (done) => setChecked(done),
    });
    if (controller.signal.aborted) return;
    setLookups(results);
    setStep('review');
  }

  /** Saves the batch and starts it; not saved, nothing is sent and the admin is told why (`unsaved`: their choice). */
  async function start(unsaved = false) {
    if (!confirmed || starting) return;
    setStarting(true);
    setSaveError(null);
    const names = new Map(lookups?.flatMap((l) => ('name' in l && l.name ? [[l.id, l.name]] : [])));
    let batch;
    try {
      batch = await runtime.batches.create(
        {
          profileId,
          profileName,
          knowledgeId,
          knowledgeName,
          concurrency,
          rows: parsed.ids.map((documentId) => ({
            documentId,
            name: names.get(documentId),
            leftOut: leftOut(documentId) ? true : undefined,
          })),
        },
        { unsaved },
      );
    } catch (error) {
      setSaveError(keptDbErrorOf(error));
      setStarting(false);
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
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('knowledge.bulk.input.explain', { name: knowledgeName ?? knowledgeId })}
          </Text>
          <div onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
            <Textarea
              ref={idsInput}
              label={t('knowledge.bulk.input.label')}
              description={t('knowledge.bulk.input.hint', { max: BULK_REMOVAL_LIMITS.maxIds })}
              value={text}
              onPaste={(e) => {
                const pasted = e.clipboardData.getData('text');
                if (!inputTooLarge(pasted.length)) return;
                e.preventDefault();
                setFileError(pasteTooLarge(pasted.length));
              }}
              onChange={(e) => {
                const value = e.currentTarget.value;
                // Typed or dropped text past the cap is refused too; the textarea keeps what it had.
                if (inputTooLarge(value.length)) return setFileError(pasteTooLarge(value.length));
                if (fileError) setFileError(null);
                setText(value);
                if (fileName) setFileName(null);
                if (source === 'csv') setSource('text');
              }}
              autosize
              minRows={6}
              maxRows={12}
              spellCheck={false}
              autoComplete="off"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              data-autofocus
            />
          </div>
          <Group gap="xs">
            <FileButton onChange={(f) => void readFile(f)} accept=".txt,.csv,text/plain,text/csv">
              {(props) => (
                <Button variant="default" size="xs" {...props}>
                  {t('knowledge.bulk.input.file')}
                </Button>
              )}
            </FileButton>
            {fileName ? (
              <Text size="xs" c="dimmed" data-testid="bulk-file-name">
                {t(source === 'csv' ? 'knowledge.bulk.input.fileCsv' : 'knowledge.bulk.input.fileText', {
                  name: fileName,
                })}
              </Text>
            ) : null}
          </Group>
          {fileError ? (
            <Text size="sm" c="red" role="alert">
              {fileError}
            </Text>
          ) : null}
          <div aria-live="polite" data-testid="bulk-parse-summary">
            <Text size="sm" fw={600}>
              {t('knowledge.bulk.input.count', { count: parsed.ids.length })}
            </Text>
            {parsed.duplicates > 0 || parsed.header ? (
              <Text size="xs" c="dimmed">
                {[
                  parsed.duplicates > 0 ? t('knowledge.bulk.input.duplicates', { count: parsed.duplicates }) : null,
                  parsed.header ? t('knowledge.bulk.input.header', { header: parsed.header }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            ) : null}
          </div>
          <RefusedIds refused={parsed.refused} />
          <Checkbox
            checked={checkFirst}
            onChange={(e) => setCheckFirst(e.currentTarget.checked)}
            label={t('knowledge.bulk.input.checkFirst')}
            description={t('knowledge.bulk.input.checkFirstHint')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void next()} disabled={parsed.ids.length === 0}>
              {checkFirst
                ? t('knowledge.bulk.input.check', { count: parsed.ids.length })
                : t('knowledge.bulk.input.continue')}
            </Button>
          </Group>
        </Stack>
      ) : step === 'checking' ? (
        <Stack gap="sm" data-testid="bulk-checking">
          <div ref={stepFocus} tabIndex={-1} className={`${classes.focusTarget} ${classes.checkResult}`}>
            <Text size="sm">
              {t('knowledge.bulk.check.progress', {
                done: checked,
                total: parsed.ids.length,
              })}
            </Text>
          </div>
          <Progress
            value={(checked / Math.max(1, parsed.ids.length)) * 100}
            aria-label={t('knowledge.bulk.check.progressLabel')}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                abort.current?.abort();
                setStep('input');
              }}
            >
              {t('knowledge.bulk.check.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" data-testid="bulk-review">
          {summary && lookups ? (
            <>
              <div
                ref={stepFocus}
                tabIndex={-1}

                className={`${classes.focusTarget} ${classes.checkResult}`}
                data-testid="bulk-check-result"
              >
                <Text fw={600} data-testid="bulk-check-summary">
                  {summaryParts(summary)
                    .map(([key, n]) => t(key, { count: n }))
                    .join(t('knowledge.bulk.check.separator'))}
                  {summary.unchecked > 0
                    ? ` · ${t('knowledge.bulk.check.unchecked', { count: summary.unchecked })}`
                    : ''}
                </Text>
                {summary.exists > 0 ? (
                  <Text size="xs" c="dimmed" data-testid="bulk-check-exists-why">
                    {t('knowledge.bulk.check.existsWhy')}
                  </Text>
                ) : null}
              </div>
              <LookupList lookups={lookups} />
              {summary.unknown > 0 ? (
                <Checkbox
                  checked={includeUnknown}
                  onChange={(e) => {
                    setIncludeUnknown(e.currentTarget.checked);
                    setTyped('');
                  }}
                  label={t('knowledge.bulk.check.includeUnknown', { count: summary.unknown })}
                  description={t('knowledge.bulk.check.includeUnknownHint')}
                />
              ) : null}
            </>
          ) : (
            <div
              ref={stepFocus}
              tabIndex={-1}
              className={`${classes.focusTarget} ${classes.checkResult}`}
              data-testid="bulk-check-result"
            >
              <Text size="sm" c="dimmed">
                {t('knowledge.bulk.check.skipped')}
              </Text>
            </div>
          )}
          <RefusedIds refused={parsed.refused} />
          <NumberInput
            label={t('knowledge.bulk.confirm.concurrency')}
            description={t('knowledge.bulk.confirm.concurrencyHint', { max: BULK_REMOVAL_LIMITS.concurrencyMax })}
            value={concurrency}
            onChange={(v) => setConcurrency(Math.min(Math.max(Number(v) || 1, 1), BULK_REMOVAL_LIMITS.concurrencyMax))}
            min={1}
            max={BULK_REMOVAL_LIMITS.concurrencyMax}
            clampBehavior="strict"
            allowDecimal={false}
            styles={{ wrapper: { width: '8rem' } }}
          />
          <Alert color="red" variant="light" title={t('knowledge.bulk.confirm.title', { count })}>
            <Text size="sm">{t('knowledge.bulk.confirm.explain', { name: knowledgeName ?? knowledgeId })}</Text>
          </Alert>
          <TextInput
            label={t('knowledge.bulk.confirm.type', { count: String(count) })}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            inputMode="numeric"
            autoComplete="off"
            w="16rem"
            onKeyDown={(e) => {
              if (e.key === 'Enter') void start();
            }}
          />
          {saveError ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={t('knowledge.bulk.storage.notStarted')}
              data-testid="bulk-save-failed"
              data-kind={saveError.kind}
            >
              <Stack gap="xs">
                <Text size="sm">{t(storageErrorKey(saveError.kind))}</Text>
                <Text size="xs" c="dimmed">
                  {t('knowledge.bulk.storage.why')}
                </Text>
                <Group gap="xs">
                  <Button size="xs" variant="light" onClick={() => void start()} loading={starting}>
                    {t('knowledge.bulk.storage.tryAgain')}
                  </Button>
                  <Button size="xs" variant="default" color="red" onClick={() => void start(true)} disabled={starting}>
                    {t('knowledge.bulk.storage.runUnsaved')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          <Group justify="space-between" gap="xs">
            <Button variant="subtle" onClick={() => setStep('input')}>
              {t('knowledge.bulk.confirm.back')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button color="red" disabled={!confirmed} loading={starting} onClick={() => void start()}>
                {t('knowledge.bulk.confirm.submit', { count })}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The counts of the check's summary, in the order they are said; a zero is left unsaid but for the unknown ones. */
function summaryParts(s: LookupSummary): [MessageKey, number][] {
  const parts: [MessageKey, number][] = [];
  if (s.found > 0 || s.exists === 0) parts.push(['knowledge.bulk.check.found', s.found]);
  if (s.exists > 0) parts.push(['knowledge.bulk.check.exists', s.exists]);
  if (s.elsewhere > 0) parts.push(['knowledge.bulk.check.elsewhere', s.elsewhere]);
  parts.push(['knowledge.bulk.check.unknownCount', s.unknown]);
  return parts;
}

/** What the check found: unknown and unchecked ids first (they need a decision), then the names found. */
function LookupList({ lookups }: { lookups: readonly Lookup[] }) {
  const t = useT();
  const notFound = lookups.filter(
    (l) => l.status === 'unknown' || l.status === 'unchecked' || l.status === 'elsewhere',
  );
  const found = lookups.filter((l) => l.status === 'found' || l.status === 'exists');
  return (
    <ScrollArea.Autosize mah={220} type="auto" data-testid="bulk-lookups">
      <List size="xs" spacing={2} listStyleType="none">
        {notFound.map((l) => (
          <List.Item key={l.id} data-testid="bulk-lookup" data-status={l.status}>
            <Text span size="xs" ff="monospace">
              {l.id}
            </Text>{' '}
            <Text span size="xs" c={l.status === 'unchecked' ? 'yellow.8' : 'red'} fw={600}>
              {l.status === 'unknown'
                ? t('knowledge.bulk.check.unknown')
                : l.status === 'elsewhere'
                  ? t('knowledge.bulk.check.elsewhereOne', { where: l.where })
                  : t('knowledge.bulk.check.uncheckedOne', { reason: l.error })}
            </Text>
          </List.Item>
        ))}
        {found.slice(0, FOUND_SHOWN).map((l) => (
          <List.Item key={l.id} data-testid="bulk-lookup" data-status={l.status}>
            <Text span size="xs" ff="monospace" c="dimmed">
              {l.id}
            </Text>{' '}
            <Text span size="xs">
              {('name' in l && l.name) || t('knowledge.deletion.unnamedDocument')}
            </Text>
          </List.Item>
        ))}
      </List>
      {found.length > FOUND_SHOWN ? (
        <Text size="xs" c="dimmed">
          {t('knowledge.bulk.more', { count: found.length - FOUND_SHOWN })}
        </Text>
      ) : null}
    </ScrollArea.Autosize>
  );
}

/** The ids refused while reading the input (not digits, too long, past the cap), kept in sight after the check. */
function RefusedIds({ refused }: { refused: readonly RefusedId[] }) {
  const t = useT();
  const refusedReason = (reason: string) =>
    t(
      reason === 'too_long'
        ? 'knowledge.bulk.refused.too_long'
        : reason === 'over_limit'
          ? 'knowledge.bulk.refused.over_limit'
          : 'knowledge.bulk.refused.not_numeric',
      { max: reason === 'too_long' ? BULK_REMOVAL_LIMITS.idMaxLength : BULK_REMOVAL_LIMITS.maxIds },
    );
  if (refused.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('knowledge.bulk.refused.title', { count: refused.length })}
      data-testid="bulk-refused"
    >
      <ScrollArea.Autosize mah={140}>
        <List size="xs" spacing={2}>
          {refused.slice(0, REFUSED_SHOWN).map((r, i) => (
            <List.Item key={i}>
              <Text span size="xs" ff="monospace">
                {r.value.length > 40 ? `${r.value.slice(0, 40)}…` : r.value}
              </Text>{' '}
              — {t('knowledge.bulk.refused.line', { line: r.line })}: {refusedReason(r.reason)}
            </List.Item>
          ))}
        </List>
        {refused.length > REFUSED_SHOWN ? (
          <Text size="xs" c="dimmed">
            {t('knowledge.bulk.more', { count: refused.length - REFUSED_SHOWN })}
          </Text>
        ) : null}
      </ScrollArea.Autosize>
    </Alert>
  );
}
