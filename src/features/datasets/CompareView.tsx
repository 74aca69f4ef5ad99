import { Badge, Button, Group, Paper, Stack, Switch, Table, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useMemo, useState } from 'react';
import { datasetQuery, type ApiResult } from '../../api';
import { ErrorState, Loading } from '../../components';
import type { Dataset } from '../../contract';
import { useT } from '../../i18n';
import { compareDatasets, groupBySection, type FieldComparison } from './dataset-fields';
import { CompareColumnHead } from './CompareColumnHead';
import { CompareStacked, type CompareSide } from './CompareStacked';
import { FieldValue } from './FieldValue';
import { useFieldLabel, WireName } from './FieldRow';
import { SECTION_TITLE_KEYS } from './labels';

export interface CompareViewProps {
  left: ApiResult<Dataset>;
  leftId: string;
  rightId: string;
  onClose(): void;
}

/** Two datasets side by side, every field, rows that differ highlighted; on a phone one block per field (CompareStacked). */
export function CompareView({ left, leftId, rightId, onClose }: CompareViewProps) {
  const t = useT();
  const right = useQuery(datasetQuery(rightId));
  const [onlyDiffs, setOnlyDiffs] = useState(false);
  const rows = useMemo(() => (right.data ? compareDatasets(left, right.data) : []), [left, right.data]);
  // Below Mantine's `sm` the three columns do not fit: one block per field instead (read at once, so a phone never draws the table first).
  const { breakpoints } = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${breakpoints.sm})`, true, { getInitialValueInEffect: false });

  let body;
  if (right.isPending) body = <Loading label={t('datasets.compare.loadingOther')} />;
  else if (right.isError)
    body = (
      <ErrorState error={right.error} title={t('datasets.compare.otherFailed')} onRetry={() => void right.refetch()} />
    );
  else {
    const differing = rows.filter((r) => r.differs).length;
    const shown = onlyDiffs ? rows.filter((r) => r.differs) : rows;
    const leftSide = { name: left.record.name, id: leftId };
    const rightSide = { name: right.data.record.name, id: rightId };
    body = (
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Text size="sm" data-testid="compare-summary">
            {differing === 0
              ? t('datasets.compare.noDiffs')
              : t('datasets.compare.summary', { count: differing, total: rows.length })}
          </Text>
          <Switch
            label={t('datasets.compare.onlyDiffs')}
            checked={onlyDiffs}
            onChange={(e) => setOnlyDiffs(e.currentTarget.checked)}
          />
        </Group>
        {wide ? (
          <CompareTable rows={shown} left={leftSide} right={rightSide} />
        ) : (
          <CompareStacked rows={shown} left={leftSide} right={rightSide} />
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="compare-title" data-testid="compare-view">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="compare-title">
          {t('datasets.compare.title')}
        </Title>
        <Button variant="subtle" size="xs" onClick={onClose}>
          {t('datasets.compare.close')}
        </Button>
      </Group>
      {body}
    </Paper>
  );
}

/** The comparison from `sm` up: one row per field, a column per dataset. */
function CompareTable({
  rows,
  left,
  right,
}: {
  rows: readonly FieldComparison[];
  left: CompareSide;
  right: CompareSide;
}) {
  const t = useT();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} horizontalSpacing="sm" layout="fixed" data-testid="compare-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="28%">{t('datasets.compare.field')}</Table.Th>
            <Table.Th>
              <CompareColumnHead name={left.name} id={left.id} />
            </Table.Th>
            <Table.Th>
              <CompareColumnHead name={right.name} id={right.id} link />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groupBySection(rows).map((group) => (
            <Fragment key={group.section}>
              <Table.Tr>
                <Table.Th colSpan={3} bg="var(--mantine-color-default-hover)">
                  {t(SECTION_TITLE_KEYS[group.section])}
                </Table.Th>
              </Table.Tr>
              {group.rows.map((row) => (
                <CompareTableRow key={row.path} row={row} />
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CompareTableRow({ row }: { row: FieldComparison }) {
  const t = useT();
  const label = useFieldLabel(row.path);
  return (
    <Table.Tr
      data-field={row.path}
      data-differs={row.differs}
      bg={row.differs ? 'var(--mantine-color-yellow-light)' : undefined}
    >
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap={4}>
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            <WireName path={row.path} />
          </Text>
          {row.differs ? (
            <Badge size="xs" color="yellow" variant="filled">
              {t('datasets.compare.differs')}
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top', minWidth: 0 }}>
        <FieldValue spec={row.spec} read={row.a} compact />
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top', minWidth: 0 }}>
        <FieldValue spec={row.spec} read={row.b} compact />
      </Table.Td>
    </Table.Tr>
  );
}
