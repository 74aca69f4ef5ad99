import { Alert, Group, Paper, Table, Text } from '@mantine/core';
import { gateVerdict, suiteGates, type GateName, type RunSummary, type SuiteRun } from '../../../suite-engine';
import { StatusBadge } from '../../../components';
import { useFormat, useT } from '../../../i18n';

const LABEL = {
  min_pass_rate: 'suites.gate.min_pass_rate',
  min_hit_rate: 'suites.gate.min_hit_rate',
  min_mrr: 'suites.gate.min_mrr',
} as const satisfies Record<GateName, string>;

/**
 * Whether the release may go: each figure the suite's gate requires, the one measured, holds or fails, and the
 * verdict — the one `npm run suite` prints and exits on (gateVerdict, in the engine), so the page and CI agree.
 */
export function RunGate({ run, summary, live }: { run: SuiteRun; summary: RunSummary; live: boolean }) {
  const t = useT();
  const { formatNumber } = useFormat();
  const verdict = gateVerdict(summary, suiteGates(run.suite));
  // Rates as percentages, MRR as a number: as the figures above show them.
  const value = (name: GateName, n: number | null) =>
    n === null
      ? t('suites.gate.notMeasured')
      : name === 'min_mrr'
        ? formatNumber(Number(n.toFixed(2)))
        : `${formatNumber(Math.round(n * 1000) / 10)}%`;
  return (
    <Paper withBorder p="sm" data-testid="run-gate" data-gate={live ? 'pending' : verdict.holds ? 'holds' : 'fails'}>
      <Group justify="space-between" align="center" gap="xs" mb={4}>
        <Text fw={600} component="h2" size="md" m={0}>
          {t('suites.gate.title')}
        </Text>
        {live ? (
          <Text size="sm" c="dimmed">
            {t('suites.gate.running')}
          </Text>
        ) : (
          <StatusBadge tone={verdict.holds ? 'ok' : 'error'} data-testid="gate-verdict">
            {verdict.holds ? t('suites.gate.holds') : t('suites.gate.fails')}
          </StatusBadge>
        )}
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {t('suites.gate.hint')}
      </Text>
      {!live && summary.total === 0 ? (
        <Alert color="red" variant="light" p="xs" mb="xs">
          {t('suites.gate.nothingRan')}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('suites.gate.figure')}</Table.Th>
              <Table.Th ta="right">{t('suites.gate.required')}</Table.Th>
              <Table.Th ta="right">{t('suites.gate.measured')}</Table.Th>
              <Table.Th>{t('suites.gate.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {verdict.results.map((g) => (
              <Table.Tr key={g.name} data-gate-figure={g.name}>
                <Table.Td>{t(LABEL[g.name])}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {t('suites.gate.atLeast', { value: value(g.name, g.min) })}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {live ? '–' : value(g.name, g.actual)}
                </Table.Td>
                <Table.Td>
                  {live ? (
                    '–'
                  ) : (
                    <StatusBadge tone={g.ok ? 'ok' : 'error'} size="sm">
                      {g.ok ? t('suites.gate.figureHolds') : t('suites.gate.figureFails')}
                    </StatusBadge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
