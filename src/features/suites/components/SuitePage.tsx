import { Anchor, Button, Group, Menu, NumberInput, Tabs, Text } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { runSize, checkSuite, SUITE_BOUNDS, suiteToCsv } from '../../../suite-engine';
import { type ConnectionProfile } from '../../../lib';
import { ChevronIcon, downloadText, EmptyState, ErrorState, Loading, PageHeader } from '../../../components';
import { useT } from '../../../i18n';
import { useRefreshSuites, useRunFinished, useSuite, useSuitesStore } from '../hooks';
import { DRAFT_SUITE_ID, draftSuite } from '../model/draft';
import { startRun } from '../model/live-runs';
import { fileNameOf } from '../model/names';
import type { KeptSuite } from '../model/store';
import { JsonEditor } from './JsonEditor';
import { RunsPanel } from './RunsPanel';
import { SuiteEditor } from './SuiteEditor';
import { DeleteSuiteModal } from './DeleteSuiteModal';
import { ForgottenNote } from './ForgottenNote';
import { paths } from '../../../config/paths';

const TABS = ['cases', 'json', 'runs'] as const;
type Tab = (typeof TABS)[number];

/** One suite: edit its cases (table or JSON), run it, its runs with their trend and comparisons. */
export function SuitePage({ suiteId, profile }: { suiteId: string; profile: ConnectionProfile }) {
  if (suiteId === DRAFT_SUITE_ID) return <DraftSuite profile={profile} />;
  return <KeptSuite suiteId={suiteId} profile={profile} />;
}

/** "New suite": nothing is kept until the first Save, which moves the page to the suite's own address. */
function DraftSuite({ profile }: { profile: ConnectionProfile }) {
  const t = useT();
  const navigate = useNavigate();
  const [record] = useState(() => draftSuite(profile.id, t('suites.draftName')));
  return (
    <Suite
      record={record}
      profile={profile}
      draft
      onSaved={() => navigate(paths.suite.href(record.id), { replace: true, state: { saved: true } })}
    />
  );
}

function KeptSuite({ suiteId, profile }: { suiteId: string; profile: ConnectionProfile }) {
  const t = useT();
  const query = useSuite(suiteId);
  if (query.isPending) return <Loading label={t('suites.loading')} />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) {
    return (
      <>
        <PageHeader title={t('suites.title')} />
        <EmptyState
          title={t('suites.notFound')}
          actions={
            <Button component={Link} to="/suites">
              {t('suites.backToList')}
            </Button>
          }
        />
      </>
    );
  }
  return <Suite record={query.data} profile={profile} />;
}

function Suite({
  record,
  profile,
  draft = false,
  onSaved,
}: {
  record: KeptSuite;
  profile: ConnectionProfile;
  draft?: boolean;
  onSaved?(): void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const store = useSuitesStore();
  const refresh = useRefreshSuites();
  const onFinished = useRunFinished();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'cases';
  const [concurrency, setConcurrency] = useState<number>(SUITE_BOUNDS.concurrencyDefault);
  const [deleting, setDeleting] = useState(false);
  const [dirty, setDirty] = useState(false);
  const { file } = record;
  const checkedFile = useMemo(() => checkSuite(file), [file]);
  // What a run will ask for (each completion is billed), shown beside Run before it starts.
  const size = useMemo(() => (checkedFile.ok ? runSize(checkedFile.suite) : undefined), [checkedFile]);
  const plannedId = useId();
  const profileId = useId();
  const blockedId = useId();
  const concurrencyId = useId();
  // Why Run is greyed, in words beside it (a tooltip on a disabled button is out of reach for keyboard and touch).
  const blocked = draft ? t('suites.run.saveDraftFirst') : dirty ? t('suites.run.saveFirst') : undefined;

  async function run() {
    const checked = checkedFile;
    if (!checked.ok || size?.overCap || blocked) return;
    const started = await startRun({
      store,
      suiteId: record.id,
      file,
      suite: checked.suite,
      profile,
      concurrency,
      onFinished,
    });
    void refresh();
    // The run page moves focus to its heading: what appeared, rather than the page body.
    navigate(paths.suiteRun.href(record.id, started.id), { state: { focusHeading: true } });
  }

  const actions = (
    <>
      <Group gap={6} wrap="nowrap">
        <Text component="label" htmlFor={concurrencyId} size="sm">
          {t('suites.run.concurrency')}
        </Text>
        <NumberInput
          id={concurrencyId}
          min={SUITE_BOUNDS.concurrencyMin}
          max={SUITE_BOUNDS.concurrencyMax}
          clampBehavior="strict"
          allowDecimal={false}
          value={concurrency}
          onChange={(v) => setConcurrency(typeof v === 'number' ? v : SUITE_BOUNDS.concurrencyDefault)}
          w={64}
        />
      </Group>
      {/* A deep link opens this page under whichever profile is active: the run's service is said before it starts. */}
      <Text id={profileId} size="sm" c="dimmed" data-testid="run-profile">
        {t('suites.run.against', { profile: profile.name, url: profile.base_url })}
      </Text>
      {size && !draft ? (
        <Text id={plannedId} size="sm" c={size.overCap ? 'red' : 'dimmed'} data-testid="run-planned">
          {size.overCap
            ? t('suites.run.overCap', { count: size.completions, max: size.max })
            : t('suites.run.planned', { count: size.completions })}
        </Text>
      ) : null}
      {blocked ? (
        <Text id={blockedId} size="sm" c="dimmed" data-testid="run-blocked">
          {blocked}
        </Text>
      ) : null}
      <Button
        data-testid="run-suite"
        onClick={() => void run()}
        disabled={!!blocked || !!size?.overCap}
        aria-describedby={[size && !draft ? plannedId : '', blocked ? blockedId : '', profileId]
          .filter(Boolean)
          .join(' ')}
      >
        {t('suites.run.start')}
      </Button>
      {draft ? null : (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" rightSection={<ChevronIcon size={14} />} aria-haspopup="menu">
              {t('suites.suiteMenu')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              onClick={() => downloadText(`${fileNameOf(file.name)}.json`, `${JSON.stringify(file, null, 2)}\n`)}
            >
              {t('suites.exportJson')}
            </Menu.Item>
            <Menu.Item
              data-testid="export-suite-csv"
              onClick={() => downloadText(`${fileNameOf(file.name)}.csv`, suiteToCsv(file), 'text/csv')}
            >
              {t('suites.exportCsv')}
            </Menu.Item>
            <Menu.Item
              onClick={async () => {
                const copy = await store.add(profile.id, { ...file, name: t('suites.copyName', { name: file.name }) });
                void refresh();
                navigate(paths.suite.href(copy.id));
              }}
            >
              {t('suites.duplicate')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => setDeleting(true)}>
              {t('suites.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </>
  );

  return (
    <>
      <Anchor component={Link} to="/suites" size="sm">
        ← {t('suites.title')}
      </Anchor>
      <PageHeader
        title={file.name}
        description={t('suites.suiteLine', {
          space: String(file.space_id),
          cases: file.cases.length,
          variants: file.variants?.length ?? 1,
        })}
        actions={actions}
      />
      {record.forgotten ? <ForgottenNote record={{ ...record, forgotten: record.forgotten }} /> : null}
      <Tabs value={tab} onChange={(v) => setParams(v && v !== 'cases' ? { tab: v } : {}, { replace: true })}>
        <Tabs.List mb="md">
          <Tabs.Tab value="cases">{t('suites.tab.cases')}</Tabs.Tab>
          <Tabs.Tab value="json">{t('suites.tab.json')}</Tabs.Tab>
          <Tabs.Tab value="runs" disabled={draft}>
            {t('suites.tab.runs')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="cases">
          {tab === 'cases' ? <SuiteEditor record={record} onDirty={setDirty} onSaved={onSaved} /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="json">
          {tab === 'json' ? <JsonEditor record={record} onDirty={setDirty} onSaved={onSaved} /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="runs">{tab === 'runs' ? <RunsPanel record={record} /> : null}</Tabs.Panel>
      </Tabs>
      <DeleteSuiteModal
        suite={deleting ? record : null}
        onClose={() => setDeleting(false)}
        onDeleted={async () => {
          await refresh();
          navigate(paths.suites.href());
        }}
      />
    </>
  );
}
