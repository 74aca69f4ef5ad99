import { Alert, Button, FileButton, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { promptfooToSuite, samplesToSuite, type SuiteFile } from '../../../suite-engine';
import { useT } from '../../../i18n';
import type { OtherToolFile } from '../model/other-tool';
import { ProblemList } from './ProblemList';

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/**
 * A promptfoo config or Ragas/DeepEval samples, read as a suite before anything is kept: the space (and name) asked
 * for, the test files a config names picked alongside it, and the report — each assertion that did not carry over
 * on its own line with why — shown before Import.
 */
export function OtherToolImport({
  pending,
  onClose,
  onImported,
}: {
  pending: OtherToolFile | null;
  onClose(): void;
  onImported(file: SuiteFile): void | Promise<void>;
}) {
  const t = useT();
  const [name, setName] = useState('');
  const [space, setSpace] = useState('');
  const [files, setFiles] = useState<Record<string, string>>({});
  const fallbackName = pending?.file.replace(/\.(ya?ml|json|jsonl|csv)$/i, '') ?? '';
  const read = useMemo(() => {
    if (!pending) return undefined;
    const suiteName = name.trim() || fallbackName;
    if (pending.kind === 'promptfoo') {
      const r = promptfooToSuite(pending.config, {
        name: suiteName,
        ...(space.trim() ? { spaceId: space.trim() } : {}),
        readFile: (path) => files[baseName(path)],
      });
      return r.ok ? { ...r, lines: r.notes.map((n) => ({ test: n.test, type: n.type, why: n.why })) } : r;
    }
    if (!space.trim()) return { ok: false as const, errors: ['(file): samples name no space: give the space id'] };
    const r = samplesToSuite(pending.text, pending.format, { name: suiteName, space_id: space.trim() });
    return r.ok ? { ...r, lines: [], mapped: 0 } : r;
  }, [pending, name, space, files, fallbackName]);
  const close = () => {
    setFiles({});
    onClose();
  };
  const missingFiles = !!read && !read.ok && read.errors.some((e) => e.includes('could not be read'));
  async function addFiles(picked: File[]) {
    const texts = await Promise.all(picked.map(async (f) => [f.name, await f.text()] as const));
    setFiles((prev) => ({ ...prev, ...Object.fromEntries(texts) }));
  }
  const promptfoo = pending?.kind === 'promptfoo';
  return (
    <Modal
      opened={!!pending}
      onClose={close}
      size="lg"
      title={t(promptfoo ? 'suites.other.titlePromptfoo' : 'suites.other.titleSamples', { file: pending?.file ?? '' })}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (read?.ok) {
            setFiles({});
            void onImported(read.file);
          }
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t(promptfoo ? 'suites.other.hintPromptfoo' : 'suites.other.hintSamples')}
          </Text>
          <Group grow align="flex-start">
            <TextInput
              label={t('suites.field.name')}
              placeholder={fallbackName}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TextInput
              label={t('suites.field.space')}
              description={promptfoo ? t('suites.other.spaceHint') : undefined}
              value={space}
              onChange={(e) => setSpace(e.currentTarget.value)}
              required={!promptfoo}
              data-testid="other-import-space"
            />
          </Group>
          {read && !read.ok ? (
            <Alert color="red" title={t('suites.other.problems')} data-testid="other-import-problems">
              <ProblemList problems={read.errors} />
              {missingFiles ? (
                <FileButton multiple accept=".csv,text/csv" onChange={(f) => void addFiles(f)}>
                  {(props) => (
                    <Button mt="sm" size="xs" variant="default" {...props} data-testid="other-import-files">
                      {t('suites.other.testFiles')}
                    </Button>
                  )}
                </FileButton>
              ) : null}
            </Alert>
          ) : null}
          {read?.ok ? (
            <Stack gap="xs" data-testid="import-report">
              <Text size="sm" fw={600}>
                {t('suites.other.summary', { cases: read.file.cases.length, mapped: read.mapped })}
              </Text>
              {promptfoo ? (
                read.lines.length ? (
                  <Alert color="yellow" title={t('suites.other.skipped', { count: read.lines.length })}>
                    <List size="sm" spacing={4} data-testid="import-skipped">
                      {read.lines.map((l, i) => (
                        <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
                          <Text span size="sm" fw={600}>
                            {l.test}
                          </Text>
                          {' · '}
                          <Text span size="sm" ff="monospace">
                            {l.type}
                          </Text>
                          {' — '}
                          {l.why}
                        </List.Item>
                      ))}
                    </List>
                  </Alert>
                ) : (
                  <Text size="sm">{t('suites.other.noneSkipped')}</Text>
                )
              ) : null}
              {'notes' in read && !promptfoo && read.notes.length ? (
                <Alert color="blue" title={t('suites.other.notes')}>
                  <List size="sm" spacing={4}>
                    {(read.notes as string[]).map((n) => (
                      <List.Item key={n}>{n}</List.Item>
                    ))}
                  </List>
                </Alert>
              ) : null}
            </Stack>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!read?.ok} data-testid="other-import-submit">
              {t('suites.csv.import')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
