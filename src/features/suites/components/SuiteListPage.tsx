import { Button, FileButton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { demoSuiteOf, parseSuiteJson, SUITE_BOUNDS, type SuiteFile } from '../../../suite-engine';
import { sandboxDemoQuery } from '../../../api';
import { type ConnectionProfile } from '../../../lib';
import { EmptyState, ErrorState, formatBytes, Loading, PageHeader, UnreadableKeptRows } from '../../../components';
import { useFormat, useT } from '../../../i18n';
import { useRefreshSuites, useSuiteList, useSuitesStore } from '../hooks';
import { DRAFT_SUITE_ID } from '../model/draft';
import { isYamlFile, readSuiteYaml } from '../model/suite-yaml';
import { paths } from '../../../config/paths';
import { CsvImport } from './CsvImport';
import { OtherToolImport } from './OtherToolImport';
import { otherToolOf, type OtherToolFile } from '../model/other-tool';
import { ProblemList } from './ProblemList';
import { RefusedFile } from './RefusedFile';
import { PublishedSuites } from './PublishedSuites';
import { SuiteTable } from './SuiteTable';

type ImportProblem = { file: string; errors: string[] };

/** The suites kept in this browser for the active profile: create, import, duplicate, export, delete. */
export function SuiteListPage({ profile }: { profile: ConnectionProfile }) {
  const t = useT();
  const { formatDateTime } = useFormat();
  const navigate = useNavigate();
  const store = useSuitesStore();
  const refresh = useRefreshSuites();
  const list = useSuiteList(profile.id);
  const [problem, setProblem] = useState<ImportProblem | null>(null);
  const [csv, setCsv] = useState<{ file: string; text: string } | null>(null);
  const [other, setOther] = useState<OtherToolFile | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  // The sandbox serves a demo suite for its demo spaces; a real service has none (404), and nothing is offered.
  const demo = demoSuiteOf(useQuery(sandboxDemoQuery(profile)).data);

  async function add(file: SuiteFile, open = true) {
    setSaveError(null);
    let record;
    try {
      record = await store.add(profile.id, file);
    } catch (error) {
      setSaveError(error);
      return;
    }
    void refresh();
    if (open) navigate(paths.suite.href(record.id));
  }

  async function importFile(file: File | null) {
    if (!file) return;
    setProblem(null);
    // Refused before it is read whole.
    if (file.size > SUITE_BOUNDS.fileBytesMax) {
      const size = formatBytes(file.size);
      const max = formatBytes(SUITE_BOUNDS.fileBytesMax);
      return setProblem({ file: file.name, errors: [t('suites.importTooLarge', { size, max })] });
    }
    const text = await file.text();
    // A promptfoo config or Ragas/DeepEval samples: read in its own dialog, with the report of what did not carry over.
    const fromOtherTool = await otherToolOf(file.name, text);
    if (fromOtherTool) return setOther(fromOtherTool);
    if (/\.csv$/i.test(file.name) || file.type === 'text/csv') return setCsv({ file: file.name, text });
    const checked = isYamlFile(file) ? await readSuiteYaml(text) : parseSuiteJson(text);
    if (!checked.ok) return setProblem({ file: file.name, errors: checked.errors });
    await add(checked.file);
  }

  const actions = (
    <>
      {demo ? (
        <Button variant="light" onClick={() => void add(demo)} data-testid="add-demo-suite">
          {t('suites.addDemo')}
        </Button>
      ) : null}
      <FileButton onChange={(f) => void importFile(f)} accept="application/json,.json,text/csv,.csv,.yaml,.yml,.jsonl">
        {(props) => (
          <Button variant="default" {...props} data-testid="import-suite">
            {t('suites.import')}
          </Button>
        )}
      </FileButton>
      {/* A draft: nothing is kept until its first Save. */}
      <Button component={Link} to={paths.suite.href(DRAFT_SUITE_ID)} data-testid="new-suite">
        {t('suites.new')}
      </Button>
    </>
  );

  return (
    <>
      <PageHeader
        title={t('suites.title')}
        description={t('suites.intro', { profile: profile.name })}
        actions={actions}
      />
      <Stack gap="md">
        {saveError ? <ErrorState error={saveError} title={t('suites.saveFailed')} /> : null}
        {problem ? (
          <RefusedFile
            title={t('suites.importRefused', { file: problem.file, count: problem.errors.length })}
            onClose={() => setProblem(null)}
            testId="import-problems"
          >
            <ProblemList problems={problem.errors} />
          </RefusedFile>
        ) : null}
        {list.isPending ? (
          <Loading label={t('suites.loading')} />
        ) : list.error ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.rows.length === 0 && list.data.unreadable === 0 ? (
          <EmptyState
            title={t('suites.empty')}
            description={t('suites.emptyHint')}
            actions={demo ? <Text size="sm">{t('suites.emptyDemo')}</Text> : undefined}
          />
        ) : (
          <>
            <UnreadableKeptRows count={list.data.unreadable} onRetry={() => void list.refetch()} />
            {list.data.rows.length > 0 ? (
              <SuiteTable
                suites={list.data.rows}
                formatDateTime={formatDateTime}
                onChanged={refresh}
                baseUrl={profile.base_url}
              />
            ) : null}
          </>
        )}
        <PublishedSuites onCopy={(file) => add(file)} />
      </Stack>
      <OtherToolImport
        pending={other}
        onClose={() => setOther(null)}
        onImported={async (file) => {
          setOther(null);
          await add(file);
        }}
      />
      <CsvImport
        pending={csv}
        onClose={() => setCsv(null)}
        onImported={async (file) => {
          setCsv(null);
          await add(file);
        }}
        onRefused={(errors) => {
          setProblem({ file: csv?.file ?? '', errors });
          setCsv(null);
        }}
      />
    </>
  );
}
