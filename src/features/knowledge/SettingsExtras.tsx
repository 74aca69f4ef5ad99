import { Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { RawJson } from '../../components';
import { useT } from '../../i18n';
import { extraFields, scalarText, shapeOf } from './extra-fields';

function Value({ value, depth }: { value: unknown; depth: number }) {
  const shape = shapeOf(value);
  if (shape === 'scalar') {
    return (
      <Text span size="sm" ff={typeof value === 'string' ? undefined : 'monospace'}>
        {scalarText(value)}
      </Text>
    );
  }
  if (shape === 'object' && depth < 3) {
    const entries = Object.entries(value as Record<string, unknown>);
    return <FieldTable entries={entries} depth={depth + 1} />;
  }
  return <RawJson value={value} maxHeight="12rem" />;
}

function FieldTable({ entries, depth }: { entries: [string, unknown][]; depth: number }) {
  return (
    <Table verticalSpacing={4} horizontalSpacing="sm" withRowBorders withTableBorder={depth > 0}>
      <Table.Tbody>
        {entries.map(([key, value]) => (
          <Table.Tr key={key} data-field={key}>
            <Table.Th
              w={depth > 0 ? undefined : '14rem'}
              fw={500}
              style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}
            >
              <Code>{key}</Code>
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Value value={value} depth={depth} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What the "with settings" variant adds beyond KnowledgeRead, nested objects as nested tables. */
export function SettingsExtras({ raw, param }: { raw: unknown; param: string }) {
  const t = useT();
  const entries = extraFields(raw);
  return (
    <Paper withBorder radius="md" p="md" data-testid="settings-extras">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('knowledge.settings.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('knowledge.settings.explain', { param })}
        </Text>
        {entries.length === 0 ? (
          <Text size="sm">{t('knowledge.settings.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <FieldTable entries={entries} depth={0} />
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
