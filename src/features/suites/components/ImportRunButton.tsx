import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { SuiteRun } from '../../../suite-engine';
import { ErrorState, formatBytes } from '../../../components';
import { useT } from '../../../i18n';
import { useRefreshSuites, useSuitesStore } from '../hooks';
import { importCliRun, runFileTooLarge, type RunImportProblem, type RunSuiteMismatch } from '../model/import-run';
import type { KeptSuite } from '../model/store';
import { RefusedFile } from './RefusedFile';

type Pending = { file: string; run: SuiteRun; mismatch: RunSuiteMismatch };

/** "Import a run…": a `npm run suite -- --json` output kept as a run of this suite (trend and compare read it). */
export function ImportRunButton({ record }: { record: KeptSuite }) {
  const t = useT();
  const store = useSuitesStore();
  const refresh = useRefreshSuites();
  const [problem, setProblem] = useState<{ file: string; problem: RunImportProblem } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [withoutAnswers, setWithoutAnswers] = useState(0);

  async function keep(run: SuiteRun) {
    setPending(null);
    try {
      await store.putRun(run);
    } catch (error) {
      setSaveError(error);
      return;
    }
    await refresh();
  }

  async function open(files: File[]) {
    // The run file, and its answers file when picked with it (`out.json` and `out.answers.jsonl`).
    const answers = files.find((f) => f.name.endsWith('.jsonl'));
    const file = files.find((f) => f !== answers);
    if (!file) return;
    setProblem(null);
    setPending(null);
    setSaveError(null);
    setWithoutAnswers(0);
    const tooLarge = runFileTooLarge(file.size) ?? (answers && runFileTooLarge(answers.size, true));
    if (tooLarge) {
      const which = runFileTooLarge(file.size) ? file : answers!;
      return setProblem({ file: which.name, problem: tooLarge });
    }
    const result = importCliRun(
      await file.text(),
      { suiteId: record.id, profileId: record.profileId, file: record.file },
      Date.now(),
      answers ? await linesOfFile(answers) : undefined,
    );
    if (!result.ok) return setProblem({ file: file.name, problem: result.problem });
    setWithoutAnswers(result.withoutAnswers);
    if (result.mismatch) return setPending({ file: file.name, run: result.run, mismatch: result.mismatch });
    await keep(result.run);
  }

  const reason = (p: RunImportProblem) =>
    p.kind === 'tooLarge'
      ? t('suites.importTooLarge', { size: formatBytes(p.bytes), max: formatBytes(p.max) })
      : t(p.kind === 'notRun' ? 'suites.importRun.notRun' : 'suites.importRun.badRun', { detail: p.detail });

  return (
    <Stack gap="xs">
      <Group>
        <FileButton onChange={(f) => void open(f)} accept="application/json,.json,.jsonl" multiple>
          {(props) => (
            <Button variant="default" {...props} data-testid="import-run">
              {t('suites.importRun.button')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t('suites.importRun.hint')}
        </Text>
      </Group>
      {withoutAnswers ? (
        <Alert color="yellow" variant="light" data-testid="import-run-no-answers">
          {t('suites.importRun.withoutAnswers', { count: withoutAnswers })}
        </Alert>
      ) : null}
      {saveError ? <ErrorState error={saveError} title={t('suites.saveFailed')} /> : null}
      {problem ? (
        <RefusedFile
          title={t('suites.importRun.refused', { file: problem.file })}
          onClose={() => setProblem(null)}
          testId="import-run-problem"
        >
          {reason(problem.problem)}
        </RefusedFile>
      ) : null}
      {pending ? (
        <Alert
          color="yellow"
          variant="light"
          role="alert"
          title={t('suites.importRun.otherSuite', { file: pending.file })}
          data-testid="import-run-mismatch"
        >
          <Stack gap="xs">
            {pending.mismatch.name ? (
              <Text size="sm">{t('suites.importRun.nameDiffers', pending.mismatch.name)}</Text>
            ) : null}
            {pending.mismatch.space ? (
              <Text size="sm">{t('suites.importRun.spaceDiffers', pending.mismatch.space)}</Text>
            ) : null}
            <Text size="sm">
              {t(pending.mismatch.casesMatch ? 'suites.importRun.casesMatch' : 'suites.importRun.casesDiffer')}
            </Text>
            <Group>
              {pending.mismatch.casesMatch ? (
                <Button size="xs" onClick={() => void keep(pending.run)} data-testid="import-run-anyway">
                  {t('suites.importRun.anyway')}
                </Button>
              ) : null}
              <Button size="xs" variant="default" onClick={() => setPending(null)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** A file's lines, read as a stream (an answers file can be larger than one string may be). */
async function linesOfFile(file: File): Promise<string[]> {
  const lines: string[] = [];
  let rest = '';
  const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const parts = (rest + value).split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
  }
  if (rest) lines.push(rest);
  return lines;
}
