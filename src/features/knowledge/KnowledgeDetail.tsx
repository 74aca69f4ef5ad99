import { Anchor, Button, Collapse, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { DEFAULT_KNOWLEDGE_SETTINGS_PARAM, useConnection } from '../../lib';
import { knowledgeQuery } from '../../api';
import { DriftWarnings, ErrorState, RawJson, Loading, useAfterPaint } from '../../components';
import { useT } from '../../i18n';
import { KnowledgeDocuments } from './KnowledgeDocuments';
import { KnowledgeRecordView } from './KnowledgeRecordView';
import { usePendingDeletionCount } from './deletion/pending-count';
import { rememberedSpace } from './retrieval-space';

/**
 * The "with settings" fields, shown once the admin asks for them: their table (Mantine's Table, its scroll container
 * and ScrollArea, ≈7 KB gzip) stays off a knowledge base's first visit. Asked for with the switch, beside the read.
 */
const loadSettingsExtras = () => import('./SettingsExtras').then((m) => ({ default: m.SettingsExtras }));
const SettingsExtras = lazy(loadSettingsExtras);

/**
 * The Test retrieval panel (its form, result view and the Textarea's autosize, ≈5 KB gzip): loaded when the admin
 * opens it, or after the record has painted where this profile already ran a test here (a space is remembered for
 * this knowledge base), not on every knowledge base's first visit.
 */
const loadTestRetrieval = () => import('./TestRetrieval').then((m) => ({ default: m.TestRetrieval }));
const TestRetrieval = lazy(loadTestRetrieval);

/** What reads the deletion runtime, asked for once the record has painted (see knowledge-deletions.tsx). */
const KnowledgeBaseDeletions = lazy(() =>
  import('./knowledge-deletions').then((m) => ({ default: m.KnowledgeBaseDeletions })),
);

/** One knowledge base: its record, the "with settings" variant on demand, document deletion and its tracking. */
export function KnowledgeDetail({ knowledgeId }: { knowledgeId: string }) {
  const t = useT();
  const { active } = useConnection();
  const [withSettings, setWithSettings] = useState(false);
  const [showRaw, setShowRaw] = useState(false);
  const [probeOpened, setProbeOpened] = useState(false);
  const param = active?.knowledgeSettingsParam ?? DEFAULT_KNOWLEDGE_SETTINGS_PARAM;
  const plain = useQuery(knowledgeQuery(knowledgeId));
  const settings = useQuery({ ...knowledgeQuery(knowledgeId, { withSettings: true, param }), enabled: withSettings });
  const pendingCount = usePendingDeletionCount(active?.id, knowledgeId);
  // Below the record (off screen as a page opens): deleting one document, the tracked deletions, bulk removal.
  const belowFold = useAfterPaint(plain.isSuccess);

  if (plain.isPending) return <Loading label={t('knowledge.loading')} />;
  if (plain.isError)
    return (
      <ErrorState
        error={plain.error}
        onRetry={() => void plain.refetch()}
        title={t('knowledge.loadFailed', { id: knowledgeId })}
      />
    );

  const record = plain.data.record;
  const shown = withSettings && settings.data ? settings.data : plain.data;

  return (
    <Stack gap="lg">
      <DriftWarnings warnings={plain.data.drift} />
      <KnowledgeRecordView knowledgeId={knowledgeId} record={record} pendingDeletions={pendingCount} />
      <Stack gap="sm">
        <Switch
          checked={withSettings}
          onChange={(e) => {
            if (e.currentTarget.checked) void loadSettingsExtras();
            setWithSettings(e.currentTarget.checked);
          }}
          label={t('knowledge.settings.switch')}
          description={t('knowledge.settings.switchHint', { param })}
        />
        {withSettings ? (
          settings.isPending ? (
            <Loading label={t('knowledge.settings.loading')} />
          ) : settings.isError ? (
            <ErrorState
              error={settings.error}
              onRetry={() => void settings.refetch()}
              title={t('knowledge.settings.failed')}
            />
          ) : (
            <>
              <DriftWarnings warnings={settings.data.drift} />
              <Suspense fallback={<Loading label={t('knowledge.settings.loading')} />}>
                <SettingsExtras raw={settings.data.raw} param={param} />
              </Suspense>
            </>
          )
        ) : null}
      </Stack>
      <div>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => setShowRaw((s) => !s)}
          aria-expanded={showRaw}
          aria-controls="knowledge-raw-json"
        >
          {showRaw ? t('knowledge.raw.hide') : t('knowledge.raw.show')}
        </Anchor>
        <Collapse expanded={showRaw} id="knowledge-raw-json">
          <RawJson value={shown.raw} label={t('json.label')} />
        </Collapse>
      </div>
      {active ? (
        <KnowledgeDocuments profileId={active.id} place={{ knowledgeId, datasetId: record.dataset_id }} />
      ) : null}
      {active && belowFold && (probeOpened || rememberedSpace(active.id, knowledgeId) !== undefined) ? (
        <Suspense fallback={<TestRetrievalOpener loading />}>
          <TestRetrieval
            profile={active}
            knowledgeId={knowledgeId}
            datasetId={record.dataset_id}
            focusQuestion={probeOpened}
          />
        </Suspense>
      ) : active ? (
        <TestRetrievalOpener onOpen={() => setProbeOpened(true)} />
      ) : null}
      {active && belowFold ? (
        <Suspense fallback={null}>
          <KnowledgeBaseDeletions
            profileId={active.id}
            profileName={active.name}
            knowledgeId={knowledgeId}
            knowledgeName={record.name}
            datasetId={record.dataset_id}
            canDelete={record.owned_delete_permission}
            totalFiles={record.total_files}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** Test retrieval before its panel is loaded: what it does, and the button that loads it (asked for on hover or focus). */
function TestRetrievalOpener({ onOpen, loading = false }: { onOpen?: () => void; loading?: boolean }) {
  const t = useT();
  const preload = () => void loadTestRetrieval();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="test-retrieval-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="test-retrieval-title">
          {t('knowledge.probe.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('knowledge.probe.openHint')}
        </Text>
        <Button
          variant="light"
          loading={loading}
          onClick={onOpen}
          onPointerEnter={preload}
          onFocus={preload}
          data-testid="probe-open"
        >
          {t('knowledge.probe.open')}
        </Button>
      </Stack>
    </Paper>
  );
}
