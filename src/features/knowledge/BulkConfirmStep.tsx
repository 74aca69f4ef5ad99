import { Alert, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { Dispatch, Ref } from 'react';
import { storageErrorKey } from '../../components';
import type { CatalogEntry } from '../../lib';
import { useT } from '../../i18n';
import { BULK_BOUNDS } from '../../removal-engine/batch/bounds';
import type { RefusedId } from '../../removal-engine/batch/parse-ids';
import { DEFAULT_PROBE_TIMING } from '../../removal-engine/probe/bounds';
import { probedCount, type RemovalWizard, type WizardAction } from './bulk/removal-wizard';
import { BulkCheckResult } from './BulkCheckResult';
import { BulkRefusedIds } from './BulkRefusedIds';
import { ProbeSpaceField } from './ProbeSpaceField';

export interface BulkConfirmStepProps {
  wizard: RemovalWizard;
  dispatch: Dispatch<WizardAction>;
  /** Ids refused while reading the input: kept in sight. */
  refused: readonly RefusedId[];
  /** Documents the batch removes (the ids less those left out). */
  count: number;
  /** The number typed is `count`. */
  confirmed: boolean;
  knowledgeLabel: string;
  /** The spaces this browser has met (offered for the probes). */
  spaces: readonly CatalogEntry[];
  /** The check's result: focus moves to it from the button that led here. */
  focusRef: Ref<HTMLDivElement>;
  /** Saves the batch and starts it; `unsaved`: the admin chose to run it without saving. */
  onStart(unsaved?: boolean): void;
  onBack(): void;
  onCancel(): void;
}

/** The last step: what the check found, how many requests at once, and the removal confirmed by typing the count. */
export function BulkConfirmStep({
  wizard,
  dispatch,
  refused,
  count,
  confirmed,
  knowledgeLabel,
  spaces,
  focusRef,
  onStart,
  onBack,
  onCancel,
}: BulkConfirmStepProps) {
  const t = useT();
  const { lookups, includeUnknown, concurrency, typed, starting, saveError, probeSpace, probeSpaceError } = wizard;
  const probing = probeSpace.trim() !== '';
  return (
    <Stack gap="sm" data-testid="bulk-review">
      <BulkCheckResult
        lookups={lookups}
        includeUnknown={includeUnknown}
        onIncludeUnknown={(value) => dispatch({ type: 'includeUnknownSet', value })}
        focusRef={focusRef}
      />
      <BulkRefusedIds refused={refused} />
      <NumberInput
        label={t('knowledge.bulk.confirm.concurrency')}
        description={t('knowledge.bulk.confirm.concurrencyHint', { max: BULK_BOUNDS.concurrencyMax })}
        value={concurrency}
        onChange={(value) => dispatch({ type: 'concurrencySet', value })}
        min={1}
        max={BULK_BOUNDS.concurrencyMax}
        clampBehavior="strict"
        allowDecimal={false}
        styles={{ wrapper: { width: '8rem' } }}
      />
      <ProbeSpaceField
        description={t('knowledge.bulk.probe.spaceHint')}
        value={probeSpace}
        onChange={(value) => dispatch({ type: 'probeSpaceSet', value })}
        error={probeSpaceError}
        spaces={spaces}
        testId="bulk-probe-space"
      />
      <Text size="sm" c="dimmed" component="output" data-testid="bulk-probe-sample" mt={-6}>
        {probing
          ? t('knowledge.bulk.probe.sample', {
              n: probedCount(count),
              count,
              max: DEFAULT_PROBE_TIMING.maxProbesPerRound,
            })
          : t('knowledge.bulk.probe.none')}
      </Text>
      <Alert color="red" variant="light" title={t('knowledge.bulk.confirm.title', { count })}>
        <Text size="sm">{t('knowledge.bulk.confirm.explain', { name: knowledgeLabel })}</Text>
      </Alert>
      <TextInput
        label={t('knowledge.bulk.confirm.type', { count: String(count) })}
        value={typed}
        onChange={(e) => dispatch({ type: 'typed', value: e.currentTarget.value })}
        inputMode="numeric"
        autoComplete="off"
        w="16rem"
        onKeyDown={(e) => {
          if (e.key === 'Enter') onStart();
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
              <Button size="xs" variant="light" onClick={() => onStart()} loading={starting}>
                {t('knowledge.bulk.storage.tryAgain')}
              </Button>
              <Button size="xs" variant="default" color="red" onClick={() => onStart(true)} disabled={starting}>
                {t('knowledge.bulk.storage.runUnsaved')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Group justify="space-between" gap="xs">
        <Button variant="subtle" onClick={onBack}>
          {t('knowledge.bulk.confirm.back')}
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button color="red" disabled={!confirmed} loading={starting} onClick={() => onStart()}>
            {t('knowledge.bulk.confirm.submit', { count })}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
