import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { fetchPublishedText, publishedUrl, type PublishedEntry, type SuiteFile } from '../../../suite-engine';
import { ErrorState } from '../../../components';
import { useT } from '../../../i18n';
import { usePublishedIndex } from '../hooks';
import { readPublishedSuite } from '../model/published-suite';
import { ProblemList } from './ProblemList';
import { RefusedFile } from './RefusedFile';

/**
 * The read-only suites published beside the deployment (suites/index.json): each can be copied into this
 * browser's suites to edit and run. Nothing shows when the deployment publishes none.
 */
export function PublishedSuites({ onCopy }: { onCopy: (file: SuiteFile) => Promise<void> }) {
  const t = useT();
  const index = usePublishedIndex();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ file: string; errors: string[] } | null>(null);
  if (index.isPending || index.data === null) return null;
  if (index.error)
    return <ErrorState error={index.error} title={t('suites.published.failed')} onRetry={() => void index.refetch()} />;
  const { entries, problems } = index.data;
  if (entries.length === 0 && problems.length === 0) return null;

  async function copy(entry: PublishedEntry) {
    setProblem(null);
    setBusy(entry.file);
    try {
      const text = await fetchPublishedText(import.meta.env.BASE_URL, entry.file);
      if (text === null) return setProblem({ file: entry.file, errors: [t('suites.published.missing')] });
      const checked = await readPublishedSuite(entry, text);
      if (!checked.ok) return setProblem({ file: entry.file, errors: checked.errors });
      await onCopy(checked.file);
    } catch (error) {
      setProblem({ file: entry.file, errors: [error instanceof Error ? error.message : String(error)] });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Paper withBorder p="sm" component="section" data-testid="published-suites">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {t('suites.published.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('suites.published.intro')}
          </Text>
        </div>
        {problems.length ? (
          <Alert color="yellow" variant="light" title={t('suites.published.skipped', { count: problems.length })}>
            <ProblemList problems={problems} />
          </Alert>
        ) : null}
        {problem ? (
          <RefusedFile
            title={t('suites.published.refused', { file: problem.file })}
            onClose={() => setProblem(null)}
            testId="published-problem"
          >
            <ProblemList problems={problem.errors} />
          </RefusedFile>
        ) : null}
        {/* Rows that wrap rather than a table: at phone width "Copy to edit" stays in view, not behind a scroll. */}
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="published-list">
          {entries.map((entry) => (
            <Group
              key={entry.file}
              component="li"
              justify="space-between"
              wrap="wrap"
              gap="xs"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              data-testid="published-row"
            >
              <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={500}>{entry.name ?? entry.file}</Text>
                  <Badge variant="light" color="gray" size="sm">
                    {t('suites.published.readOnly')}
                  </Badge>
                </Group>
                {entry.description ? (
                  <Text size="sm" c="dimmed">
                    {entry.description}
                  </Text>
                ) : null}
                <Anchor
                  href={publishedUrl(import.meta.env.BASE_URL, entry.file)}
                  target="_blank"
                  rel="noreferrer"
                  ff="monospace"
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {entry.file}
                </Anchor>
              </Stack>
              <Button
                size="compact-sm"
                variant="light"
                loading={busy === entry.file}
                onClick={() => void copy(entry)}
                aria-label={t('suites.published.copyOf', { name: entry.name ?? entry.file })}
              >
                {t('suites.published.copy')}
              </Button>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
