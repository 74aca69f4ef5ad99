import { Paper, Stack, Text } from '@mantine/core';
import type { ConnectionProfile } from '../../lib';
import type { HostCheck } from '../../api';
import { HostCheckResult } from '../../components';
import { useT, type Translate } from '../../i18n';

function hintFor(check: HostCheck, mode: ConnectionProfile['mode'], t: Translate): string | undefined {
  switch (check.kind) {
    case 'cors':
      return mode === 'direct' ? t('settings.corsHint') : undefined;
    case 'unreachable':
      return t('settings.unreachableHint');
    case 'token_rejected':
      return t('settings.tokenHint');
    default:
      return undefined;
  }
}

/** The two hosts' outcomes of a connection test, side by side with what to do about each. */
export function ConnectionTestResults({
  result,
  mode,
}: {
  result: { base: HostCheck; secondary: HostCheck };
  mode: ConnectionProfile['mode'];
}) {
  const t = useT();
  return (
    <Paper withBorder p="sm" data-testid="connection-test-results" aria-live="polite">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={6}>
        {t('settings.testResults')}
      </Text>
      <Stack gap="sm">
        <HostCheckResult host="base" check={result.base} hint={hintFor(result.base, mode, t)} />
        <HostCheckResult host="secondary" check={result.secondary} hint={hintFor(result.secondary, mode, t)} />
      </Stack>
    </Paper>
  );
}
