import { Anchor, Badge, Button, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { downloadText, ScrollTable } from '../../../components';
import { useT } from '../../../i18n';
import { useSuitesStore } from '../hooks';
import type { KeptSuite } from '../model/store';
import { fileNameOf } from '../model/names';
import { paths } from '../../../config/paths';
import { DeleteSuiteModal } from './DeleteSuiteModal';

/**
 * The suite as a promptfoo config (src/suite-engine/export-promptfoo.ts): its HTTP provider posts to the profile's
 * base URL with the token as {{env.KC_TOKEN}}, never the token. `yaml` is loaded only when asked for.
 */
async function exportPromptfoo(s: KeptSuite, baseUrl: string) {
  const [{ stringify }, { suiteToPromptfoo }] = await Promise.all([import('yaml'), import('../../../suite-engine')]);
  const { config } = suiteToPromptfoo(s.file, { baseUrl });
  downloadText(`${fileNameOf(s.file.name)}.promptfooconfig.yaml`, stringify(config), 'application/yaml');
}

/** The kept suites as a table, each with its menu: duplicate, export as JSON, delete. */
export function SuiteTable({
  suites,
  formatDateTime,
  onChanged,
  baseUrl,
}: {
  suites: KeptSuite[];
  formatDateTime: (ms: number) => string;
  onChanged: () => Promise<void>;
  /** The active profile's base URL: an exported promptfoo config posts there. */
  baseUrl?: string;
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
                  {s.forgotten ? (
                    <Group gap={6} mt={2} data-testid="forgotten-mark">
                      <Badge size="xs" color="grape" variant="light">
                        {t('suites.forgotten.badge')}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {t('suites.forgotten.of', {
                          knowledge: s.forgotten.knowledgeId,
                          count: Object.keys(s.forgotten.documents).length,
                        })}
                      </Text>
                    </Group>
                  ) : null}
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
                        {baseUrl ? (
                          <Menu.Item data-testid="export-promptfoo" onClick={() => void exportPromptfoo(s, baseUrl)}>
                            {t('suites.exportPromptfoo')}
                          </Menu.Item>
                        ) : null}
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
