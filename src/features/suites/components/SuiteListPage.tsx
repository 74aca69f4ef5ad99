import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Menu,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fetchDemoSuite, parseSuiteCsv, type ConnectionProfile } from '../../../api';
import { parseSuiteJson, SUITE_BOUNDS, type SuiteFile } from '../../../contract';
import {
  downloadText,
  EmptyState,
  ErrorState,
  formatBytes,
  Loading,
  PageHeader,
  ScrollTable,
  UnreadableKeptRows,
} from '../../../components';
import { useFormat, useT } from '../../../i18n';
import { useRefreshSuites, useSuiteList, useSuitesStore } from '../hooks';
import type { KeptSuite } from '../model/store';
import { DRAFT_SUITE_ID } from '../model/draft';
import { fileNameOf } from '../model/names';
import { paths } from '../../../config/paths';
import { ProblemList } from './ProblemList';

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
  const [saveError, setSaveError] = useState<unknown>(null);
  // The sandbox serves a demo suite for its demo spaces; a real service has none (404), and nothing is offered.
  const demo = useQuery({
    // Not under the suites keys: saving a suite must not ask the service again.
    queryKey: ['sandbox-demo-suite', profile.id, profile.base_url],
    queryFn: async ({ signal }) => (await fetchDemoSuite(profile, signal)) ?? null,
    retry: false,
    staleTime: Infinity,
  });

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
    if (/\.csv$/i.test(file.name) || file.type === 'text/csv') return setCsv({ file: file.name, text });
    const checked = parseSuiteJson(text);
    if (!checked.ok) return setProblem({ file: file.name, errors: checked.errors });
    await add(checked.file);
  }

  const actions = (
    <>
      {demo.data ? (
        <Button variant="light" onClick={() => void add(demo.data!)} data-testid="add-demo-suite">
          {t('suites.addDemo')}
        </Button>
      ) : null}
      <FileButton onChange={(f) => void importFile(f)} accept="application/json,.json,text/csv,.csv">
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
          <Alert
            color="red"
            variant="light"
            role="alert"
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setProblem(null)}
            title={t('suites.importRefused', { file: problem.file, count: problem.errors.length })}
            data-testid="import-problems"
          >
            <ProblemList problems={problem.errors} />
          </Alert>
        ) : null}
        {list.isPending ? (
          <Loading label={t('suites.loading')} />
        ) : list.error ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.rows.length === 0 && list.data.unreadable === 0 ? (
          <EmptyState
            title={t('suites.empty')}
            description={t('suites.emptyHint')}
            actions={demo.data ? <Text size="sm">{t('suites.emptyDemo')}</Text> : undefined}
          />
        ) : (
          <>
            <UnreadableKeptRows count={list.data.unreadable} onRetry={() => void list.refetch()} />
            {list.data.rows.length > 0 ? (
              <SuiteTable suites={list.data.rows} formatDateTime={formatDateTime} onChanged={refresh} />
            ) : null}
          </>
        )}
      </Stack>
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

function SuiteTable({
  suites,
  formatDateTime,
  onChanged,
}: {
  suites: KeptSuite[];
  formatDateTime: (ms: number) => string;
  onChanged: () => Promise<void>;
}) {
  const t = useT();
  const store = useSuitesStore();
  const [deleting, setDeleting] = useState<KeptSuite | null>(null);
  return (
    <>
      <ScrollTable minWidth={640} label={t('suites.title')}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="suite-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('suites.col.name')}</Table.Th>
              <Table.Th>{t('suites.col.space')}</Table.Th>
              <Table.Th>{t('suites.col.cases')}</Table.Th>
              <Table.Th>{t('suites.col.variants')}</Table.Th>
              <Table.Th>{t('suites.col.updated')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('suites.col.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {suites.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.suite.href(s.id)} fw={500}>
                    {s.file.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ff="monospace">{String(s.file.space_id)}</Table.Td>
                <Table.Td>{s.file.cases.length}</Table.Td>
                <Table.Td>{s.file.variants?.length ?? 1}</Table.Td>
                <Table.Td>{formatDateTime(s.updatedAt)}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button size="compact-sm" variant="subtle" aria-label={t('suites.more', { name: s.file.name })}>
                          ⋯
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          onClick={async () => {
                            await store.add(s.profileId, {
                              ...s.file,
                              name: t('suites.copyName', { name: s.file.name }),
                            });
                            await onChanged();
                          }}
                        >
                          {t('suites.duplicate')}
                        </Menu.Item>
                        <Menu.Item
                          onClick={() =>
                            downloadText(`${fileNameOf(s.file.name)}.json`, `${JSON.stringify(s.file, null, 2)}\n`)
                          }
                        >
                          {t('suites.exportJson')}
                        </Menu.Item>
                        <Menu.Divider />
                        <Menu.Item color="red" onClick={() => setDeleting(s)}>
                          {t('suites.delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <DeleteSuiteModal
        suite={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={async () => {
          setDeleting(null);
          await onChanged();
        }}
      />
    </>
  );
}

export function DeleteSuiteModal({
  suite,
  onClose,
  onDeleted,
}: {
  suite: KeptSuite | null;
  onClose(): void;
  onDeleted(): void | Promise<void>;
}) {
  const t = useT();
  const store = useSuitesStore();
  return (
    <Modal opened={!!suite} onClose={onClose} title={t('suites.deleteTitle')}>
      <Stack>
        <Text size="sm">{t('suites.deleteBody', { name: suite?.file.name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            onClick={async () => {
              if (!suite) return;
              await store.remove(suite.id);
              await onDeleted();
            }}
          >
            {t('suites.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A CSV file has no name or space: they are asked for, then the rows are checked like a JSON file. */
function CsvImport({
  pending,
  onClose,
  onImported,
  onRefused,
}: {
  pending: { file: string; text: string } | null;
  onClose(): void;
  onImported(file: SuiteFile): void | Promise<void>;
  onRefused(errors: string[]): void;
}) {
  const t = useT();
  const [name, setName] = useState('');
  const [space, setSpace] = useState('101');
  const fallbackName = pending?.file.replace(/\.csv$/i, '') ?? '';
  return (
    <Modal opened={!!pending} onClose={onClose} title={t('suites.csv.title', { file: pending?.file ?? '' })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending) return;
          const checked = parseSuiteCsv(pending.text, { name: name.trim() || fallbackName, space_id: space.trim() });
          if (checked.ok) void onImported(checked.file);
          else onRefused(checked.errors);
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('suites.csv.hint')}
          </Text>
          <TextInput
            label={t('suites.field.name')}
            placeholder={fallbackName}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label={t('suites.field.space')}
            value={space}
            onChange={(e) => setSpace(e.currentTarget.value)}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('suites.csv.import')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
