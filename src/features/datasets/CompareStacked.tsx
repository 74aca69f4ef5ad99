import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../i18n';
import { groupBySection, type FieldComparison, type FieldRead } from './dataset-fields';
import type { FieldSpec } from './dataset-layout';
import { CompareColumnHead } from './CompareColumnHead';
import { FieldValue } from './FieldValue';
import { useFieldLabel, WireName } from './FieldRow';
import { SECTION_TITLE_KEYS } from './labels';

export interface CompareSide {
  name: string | undefined;
  id: string;
}

export interface CompareStackedProps {
  rows: readonly FieldComparison[];
  left: CompareSide;
  right: CompareSide;
}

/**
 * The comparison on a phone: three columns of 37 fields do not fit 390 px, so each field is a block of its
 * own — its name, then each dataset's value under that dataset's name — and a field that differs is
 * highlighted as in the table. Same data-field / data-differs marks as the table's rows.
 */
export function CompareStacked({ rows, left, right }: CompareStackedProps) {
  const t = useT();
  return (
    <Stack gap="md" data-testid="compare-table" data-layout="stacked">
      {/* The table's column heads: which dataset is which, the other one a link to its page (on the page's own
          background: the link colour lacks contrast on the grey used for section rows, in dark). */}
      <Paper withBorder radius="sm" p="xs">
        <Stack gap={6}>
          <CompareColumnHead name={left.name} id={left.id} />
          <CompareColumnHead name={right.name} id={right.id} link />
        </Stack>
      </Paper>
      {groupBySection(rows).map((group) => (
        <div key={group.section}>
          <Title order={3} size="h5" mb={6}>
            {t(SECTION_TITLE_KEYS[group.section])}
          </Title>
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {group.rows.map((row) => (
              <StackedField
                key={row.path}
                row={row}
                leftName={left.name ?? left.id}
                rightName={right.name ?? right.id}
              />
            ))}
          </Stack>
        </div>
      ))}
    </Stack>
  );
}

function StackedField({ row, leftName, rightName }: { row: FieldComparison; leftName: string; rightName: string }) {
  const t = useT();
  const label = useFieldLabel(row.path);
  return (
    <Paper
      component="li"
      withBorder
      radius="sm"
      p="xs"
      data-field={row.path}
      data-differs={row.differs}
      bg={row.differs ? 'var(--mantine-color-yellow-light)' : undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Box miw={0}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            <WireName path={row.path} />
          </Text>
        </Box>
        {row.differs ? (
          <Badge size="xs" color="yellow" variant="filled" style={{ flex: 'none' }}>
            {t('datasets.compare.differs')}
          </Badge>
        ) : null}
      </Group>
      <Stack component="dl" gap={6} m={0} mt={8}>
        <Side name={leftName} spec={row.spec} read={row.a} side="a" />
        <Side name={rightName} spec={row.spec} read={row.b} side="b" />
      </Stack>
    </Paper>
  );
}

/** One dataset's value, under that dataset's name (a dt/dd pair, so a screen reader says whose value it is). */
function Side({
  name,
  spec,
  read,
  side,
}: {
  name: string;
  spec: FieldSpec | undefined;
  read: FieldRead;
  side: 'a' | 'b';
}) {
  return (
    <div data-side={side}>
      <Text component="dt" size="xs" c="dimmed" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      <Box component="dd" m={0} miw={0}>
        <FieldValue spec={spec} read={read} compact />
      </Box>
    </div>
  );
}
