import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  catalogStore,
  useCatalog,
  useConnection,
  type CatalogEntry,
  type CatalogKind,
  type ImportReport,
} from '../../lib';
import {
  CopyButton,
  DemoStarters,
  downloadText,
  EmptyState,
  fileStamp,
  PageHeader,
  PinIcon,
  TrashIcon,
} from '../../components';
import { useFormat, useT } from '../../i18n';
import { groupByKind, routeFor } from './catalog-view';
import { GROUP_KEYS, KIND_KEYS } from './kind-keys';
import { paths } from '../../config/paths';

type ImportOutcome = { ok: true; report: ImportReport; file: string } | { ok: false; message: string; file: string };

/** Every id the console has met under the active profile: pin, forget, open, export and import. */
export function CatalogPage() {
  const t = useT();
  const { active } = useConnection();
  const entries = useCatalog(active?.id);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const query = params.get('q') ?? '';
  const [importOutcome, setImportOutcome] = useState<ImportOutcome | null>(null);
  const groups = useMemo(() => groupByKind(entries, query, (k) => t(KIND_KEYS[k])), [entries, query, t]);

  const setQuery = (q: string) => setParams(q ? { q } : {}, { replace: true });

  async function importFile(file: File | null) {
    if (!file || !active) return;
    try {
      const report = catalogStore.importJson(await file.text(), { intoProfile: active.id });
      setImportOutcome({ ok: true, report, file: file.name });
    } catch (error) {
      setImportOutcome({ ok: false, message: error instanceof Error ? error.message : String(error), file: file.name });
    }
  }

  if (!active) {
    return (
      <>
        <PageHeader title={t('catalog.title')} />
        <EmptyState
          title={t('catalog.noProfile')}
          actions={
            <Button component={Link} to={paths.settings.href()}>
              {t('catalog.openSettings')}
            </Button>
          }
        />
      </>
    );
  }

  const actions = (
    <>
      <Button
        variant="default"
        disabled={entries.length === 0}
        onClick={() =>
          downloadText(`knowledge-console-catalog-${fileStamp()}.json`, catalogStore.exportJson(active.id))
        }
      >
        {t('catalog.export')}
      </Button>
      <FileButton onChange={(f) => void importFile(f)} accept="application/json,.json">
        {(props) => (
          <Button variant="default" {...props}>
            {t('catalog.import')}
          </Button>
        )}
      </FileButton>
    </>
  );

  return (
    <>
      <PageHeader
        title={t('catalog.title')}
        description={t('catalog.intro', { profile: active.name })}
        actions={actions}
      />
      <Stack gap="md">
        {importOutcome ? (
          <Alert
            color={importOutcome.ok ? 'teal' : 'red'}
            variant="light"
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setImportOutcome(null)}
            title={
              importOutcome.ok
                ? t('catalog.imported', { file: importOutcome.file })
                : t('catalog.importFailed', { file: importOutcome.file })
            }
            data-testid="import-report"
            role={importOutcome.ok ? 'status' : 'alert'}
          >
            {importOutcome.ok ? t('catalog.importReport', { ...importOutcome.report }) : importOutcome.message}
          </Alert>
        ) : null}
        {entries.length === 0 ? (
          <EmptyState title={t('catalog.empty')} description={t('catalog.emptyHint')}>
            <DemoStarters
              kinds={['knowledge', 'dataset', 'document', 'conversation', 'space']}
              onOpen={(kind, id) => {
                const to = routeFor(kind, id);
                if (to) navigate(to);
              }}
              pathOf={routeFor}
            />
          </EmptyState>
        ) : (
          <>
            <TextInput
              label={t('catalog.search')}
              placeholder={t('catalog.searchPlaceholder')}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              maw={480}
            />
            {groups.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('catalog.noMatch')}
              </Text>
            ) : (
              groups.map((g) => (
                <KindTable key={g.kind} kind={g.kind} title={t(GROUP_KEYS[g.kind])} entries={g.entries} />
              ))
            )}
          </>
        )}
      </Stack>
    </>
  );
}

function KindTable({ kind, title, entries }: { kind: CatalogKind; title: string; entries: CatalogEntry[] }) {
  const t = useT();
  const { formatDateTime } = useFormat();
  const headingId = `catalog-group-${kind}`;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId} data-testid={`catalog-group-${kind}`}>
      <Title order={2} size="h5" id={headingId} mb="xs">
        {title}{' '}
        <Text span c="dimmed" fw={400} size="sm">
          ({entries.length})
        </Text>
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={4} fz="sm" highlightOnHover layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="38%">{t('catalog.col.label')}</Table.Th>
              <Table.Th w="28%">{t('catalog.col.id')}</Table.Th>
              <Table.Th w="24%">{t('catalog.col.lastSeen')}</Table.Th>
              <Table.Th w="10%">
                <VisuallyHidden>{t('catalog.col.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => {
              const to = routeFor(entry.kind, entry.id);
              return (
                <Table.Tr key={entry.id} data-testid="catalog-row" data-id={entry.id}>
                  <Table.Td>
                    {to ? (
                      <Anchor
                        component={Link}
                        to={to}
                        size="sm"
                        display="block"
                        truncate="end"
                        aria-label={t('catalog.openEntry', { name: entry.label ?? entry.id })}
                      >
                        {entry.label ?? entry.id}
                      </Anchor>
                    ) : (
                      <Text size="sm" truncate="end" title={t('catalog.noPage')}>
                        {entry.label ?? entry.id}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {entry.id}
                      </Text>
                      <CopyButton value={entry.id} label={entry.id} size="xs" />
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.lastSeenAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip
                        label={entry.pinned ? t('catalog.unpin', { id: entry.id }) : t('catalog.pin', { id: entry.id })}
                        withArrow
                      >
                        <ActionIcon
                          variant={entry.pinned ? 'light' : 'subtle'}
                          color={entry.pinned ? 'yellow' : 'gray'}
                          aria-label={
                            entry.pinned ? t('catalog.unpin', { id: entry.id }) : t('catalog.pin', { id: entry.id })
                          }
                          aria-pressed={entry.pinned}
                          onClick={() => catalogStore.setPinned(entry.profileId, entry.kind, entry.id, !entry.pinned)}
                        >
                          <PinIcon filled={entry.pinned} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('catalog.forget', { id: entry.id })} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('catalog.forget', { id: entry.id })}
                          onClick={() => catalogStore.forget(entry.profileId, entry.kind, entry.id)}
                        >
                          <TrashIcon />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
