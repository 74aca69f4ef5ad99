import { Group, Stack, Text } from '@mantine/core';
import type { HostCheck } from '../api';
import { useT, type MessageKey } from '../i18n';
import { StatusBadge, type StatusTone } from './StatusBadge';

const TONE: Record<HostCheck['kind'], StatusTone> = {
  ok: 'ok',
  token_rejected: 'error',
  unreachable: 'error',
  cors: 'warning',
  error: 'error',
};

/** "Accepted" / "Token rejected (401)" / "Unreachable" / "Blocked by CORS" for one host check. */
export function useCheckLabel(): (check: HostCheck) => string {
  const t = useT();
  return (check) => t(`check.${check.kind}` as MessageKey, { status: check.status ?? '' });
}

export function HostCheckResult({
  host,
  check,
  hint,
}: {
  host: 'base' | 'secondary';
  check: HostCheck;
  hint?: string;
}) {
  const t = useT();
  const label = useCheckLabel();
  return (
    <Stack gap={2} data-testid={`check-${host}`} data-kind={check.kind}>
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {t(host === 'base' ? 'host.base' : 'host.secondary')}
        </Text>
        <StatusBadge tone={TONE[check.kind]}>{label(check)}</StatusBadge>
        <Text size="xs" c="dimmed">
          {t('check.duration', { ms: check.durationMs })}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
        {/* A failed check's message names the URL already; an accepted one needs only its address and status. */}
        {check.kind === 'ok'
          ? `${check.url}${check.status !== undefined ? ` — HTTP ${check.status}` : ''}`
          : check.message}
      </Text>
      {hint ? (
        <Text size="xs" c={check.kind === 'cors' ? 'yellow.8' : 'red.7'}>
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}
