import { Anchor, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { datasetQuery } from '../../api';
import { isPathId } from '../../contract';
import {
  CopyTextButton,
  DriftWarnings,
  ErrorState,
  PageHeader,
  RawJson,
  toPrettyJson,
  Loading,
  UnusableIdNotice,
} from '../../components';
import { useT } from '../../i18n';
import { CompareControl } from './CompareControl';
import { DatasetSections } from './DatasetSections';
import { paths } from '../../config/paths';

/**
 * Two datasets side by side, asked for with ?compare=: its tables (Mantine's Table and ScrollArea) stay off a
 * dataset's first visit, two requests fewer there.
 */
const CompareView = lazy(() => import('./CompareView').then((m) => ({ default: m.CompareView })));

/** /datasets/:id — every field of one dataset, flagged where it differs from the interface; ?compare=:other adds a comparison. */
export function DatasetDetail({ id }: { id: string }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const compareId = params.get('compare')?.trim() || undefined;
  const query = useQuery(datasetQuery(id));
  const [showRaw, setShowRaw] = useState(false);
  const result = query.data;
  const pretty = useMemo(() => (result ? toPrettyJson(result.raw) : ''), [result]);

  const setCompare = (other: string | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (other) next.set('compare', other);
        else next.delete('compare');
        return next;
      },
      { replace: false },
    );

  const back = (
    <Anchor component={Link} to={paths.datasets.href()} size="sm">
      ← {t('datasets.backToLookup')}
    </Anchor>
  );

  if (query.isPending) {
    return (
      <>
        <PageHeader title={t('datasets.title')} description={t('datasets.idLine', { id })} actions={back} />
        <Loading label={t('datasets.loading')} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title={t('datasets.title')} description={t('datasets.idLine', { id })} actions={back} />
        <ErrorState error={query.error} title={t('datasets.loadFailed')} onRetry={() => void query.refetch()} />
      </>
    );
  }

  const { record, drift } = query.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={record.name || id}
        description={
          <Text span inherit ff="monospace">
            {t('datasets.idLine', { id })}
          </Text>
        }
        actions={
          <>
            {back}
            <CopyTextButton
              variant="default"
              size="sm"
              value={pretty}
              label={t('datasets.copyConfig')}
              copiedLabel={t('datasets.copied')}
            />
          </>
        }
      />
      {drift.length > 0 ? (
        <Stack gap={4}>
          <DriftWarnings warnings={drift} defaultOpen />
          <Text size="xs" c="dimmed">
            {t('datasets.flaggedCount', { count: drift.length })}
          </Text>
        </Stack>
      ) : null}
      <CompareControl key={compareId ?? ''} currentId={id} initial={compareId} onCompare={setCompare} />
      {compareId && !isPathId(compareId) ? (
        <UnusableIdNotice id={compareId} />
      ) : compareId ? (
        <Suspense fallback={<Loading label={t('datasets.compare.loadingOther')} />}>
          <CompareView left={query.data} leftId={id} rightId={compareId} onClose={() => setCompare(undefined)} />
        </Suspense>
      ) : null}
      {compareId ? null : <DatasetSections answer={query.data} drift={drift} />}
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {t('datasets.rawAnswer')}
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setShowRaw((s) => !s)}
            aria-expanded={showRaw}
          >
            {showRaw ? t('datasets.hideRaw') : t('datasets.showRaw')}
          </Anchor>
        </Group>
        <Collapse expanded={showRaw}>
          <Stack mt="xs">
            <RawJson value={result?.raw} label={t('datasets.rawAnswer')} />
          </Stack>
        </Collapse>
      </Paper>
    </Stack>
  );
}
