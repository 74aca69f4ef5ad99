import { Button, Checkbox, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import type { Dispatch, DragEvent, Ref } from 'react';
import { formatBytes } from '../../components';
import { useT } from '../../i18n';
import { inputTooLarge } from './bulk/input-size';
import { BULK_BOUNDS } from '../../removal-engine/batch/bounds';
import type { ParsedIds } from '../../removal-engine/batch/parse-ids';
import type { InputRefusal, RemovalWizard, WizardAction } from './bulk/removal-wizard';
import { BulkRefusedIds } from './BulkRefusedIds';

export interface BulkIdsStepProps {
  wizard: RemovalWizard;
  dispatch: Dispatch<WizardAction>;
  parsed: ParsedIds;
  /** The knowledge base, as the admin knows it (its name, else its id). */
  knowledgeLabel: string;
  /** The ids box: focus comes back to it on Back. */
  idsInput: Ref<HTMLTextAreaElement>;
  onCancel(): void;
  /** Check (or, without the check, Continue). */
  onNext(): void;
  /** Documents this browser has seen in the knowledge base, offered in one click (the service lists none). */
  suggested?: readonly string[];
}

/** The first step of "Remove many documents": the ids, pasted, typed or from a .txt/.csv file, and what was read. */
export function BulkIdsStep({
  wizard,
  dispatch,
  parsed,
  knowledgeLabel,
  idsInput,
  onCancel,
  onNext,
  suggested = [],
}: BulkIdsStepProps) {
  const t = useT();
  const toAdd = suggested.filter((id) => !parsed.ids.includes(id));
  const { text, source, fileName, inputError, checkFirst } = wizard;

  async function readFile(file: File | null) {
    if (!file) return;
    dispatch({ type: 'fileChosen' });
    // Refused before it is read: the ids box keeps what it had.
    if (inputTooLarge(file.size))
      return dispatch({ type: 'inputRefused', refusal: { kind: 'fileTooLarge', name: file.name, size: file.size } });
    try {
      dispatch({ type: 'fileRead', name: file.name, content: await file.text() });
    } catch (error) {
      dispatch({ type: 'inputRefused', refusal: { kind: 'fileFailed', name: file.name, reason: String(error) } });
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    void readFile(event.dataTransfer.files[0] ?? null);
  }

  const refusalMessage = (refusal: InputRefusal) =>
    refusal.kind === 'fileTooLarge'
      ? t('knowledge.bulk.input.fileTooLarge', {
          name: refusal.name,
          size: formatBytes(refusal.size),
          max: formatBytes(BULK_BOUNDS.inputBytesMax),
          maxIds: BULK_BOUNDS.maxIds,
        })
      : refusal.kind === 'pasteTooLarge'
        ? t('knowledge.bulk.input.pasteTooLarge', {
            size: formatBytes(refusal.size),
            max: formatBytes(BULK_BOUNDS.inputBytesMax),
          })
        : t('knowledge.bulk.input.fileFailed', { name: refusal.name, reason: refusal.reason });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('knowledge.bulk.input.explain', { name: knowledgeLabel })}
      </Text>
      <div onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
        <Textarea
          ref={idsInput}
          label={t('knowledge.bulk.input.label')}
          description={t('knowledge.bulk.input.hint', { max: BULK_BOUNDS.maxIds })}
          value={text}
          onPaste={(e) => {
            const pasted = e.clipboardData.getData('text');
            if (!inputTooLarge(pasted.length)) return;
            e.preventDefault();
            dispatch({ type: 'inputRefused', refusal: { kind: 'pasteTooLarge', size: pasted.length } });
          }}
          onChange={(e) => dispatch({ type: 'textChanged', value: e.currentTarget.value })}
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
        {toAdd.length > 0 ? (
          <Button
            variant="light"
            size="xs"
            title={t('knowledge.bulk.input.addKnownHint')}
            onClick={() =>
              dispatch({ type: 'textChanged', value: [text.trimEnd(), ...toAdd].filter(Boolean).join('\n') })
            }
            data-testid="bulk-add-known"
          >
            {t('knowledge.bulk.input.addKnown', { count: toAdd.length })}
          </Button>
        ) : null}
      </Group>
      {inputError ? (
        <Text size="sm" c="red" role="alert">
          {refusalMessage(inputError)}
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
      <BulkRefusedIds refused={parsed.refused} />
      <Checkbox
        checked={checkFirst}
        onChange={(e) => dispatch({ type: 'checkFirstSet', value: e.currentTarget.checked })}
        label={t('knowledge.bulk.input.checkFirst')}
        description={t('knowledge.bulk.input.checkFirstHint')}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onNext} disabled={parsed.ids.length === 0}>
          {checkFirst
            ? t('knowledge.bulk.input.check', { count: parsed.ids.length })
            : t('knowledge.bulk.input.continue')}
        </Button>
      </Group>
    </Stack>
  );
}
