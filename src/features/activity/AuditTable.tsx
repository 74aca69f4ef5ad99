import { Badge, Table, Text } from '@mantine/core';
import type { AuditEntry } from '../../lib';
import { useFormat, useT, type Translate } from '../../i18n';
import { OUTCOME_COLOR } from './audit-view';

/** The audit's rows, newest first: when, who, what, outcome and how it is known. */
export function AuditTable({ rows }: { rows: readonly AuditEntry[] }) {
  const t = useT();
  const { formatDateTime } = useFormat();
  return (
    // When and who, then the outcome, then what: on a phone (420 px) the outcome is in view beside the time.
    <Table.ScrollContainer minWidth={620}>
      <Table striped verticalSpacing={6} fz="sm" data-testid="audit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('activity.audit.col.when')}</Table.Th>
            <Table.Th>{t('activity.audit.col.outcome')}</Table.Th>
            <Table.Th>{t('activity.audit.col.target')}</Table.Th>
            <Table.Th>{t('activity.audit.col.verification')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => (
            <Table.Tr key={e.id} data-testid="audit-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(e.at)}
                <Text size="xs" c="dimmed" aria-label={t('activity.audit.col.operator')}>
                  {e.operator ?? t('activity.audit.noOperator')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={OUTCOME_COLOR[e.outcome]} variant="light" tt="none" data-outcome={e.outcome}>
                  {t(`activity.audit.outcome.${e.outcome}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {t(`activity.audit.action.${e.action}`)}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {e.targetId}
                  </Text>
                  {e.targetName ? ` · ${e.targetName}` : ''}
                </Text>
                {e.knowledgeId && e.action === 'document_deletion' ? (
                  <Text size="xs" c="dimmed">
                    {t('activity.audit.inKnowledge', { id: e.knowledgeId })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" title={e.verification}>
                  {verificationText(t, e.verification)}
                </Text>
                {e.detail ? (
                  <Text size="xs" c="dimmed">
                    {e.detail}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The kept verification code (as exported) in the admin's words; an unknown one as it is. */
function verificationText(t: Translate, code: string | undefined): string {
  if (!code) return '—';
  if (code === 'base_info' || code === 'total_files') return t(`activity.audit.verified.${code}`);
  const http = /^http (\d{3})$/.exec(code);
  if (http) return t('activity.audit.verified.http', { status: http[1]! });
  const rows = /^rows (\d+)\/(\d+)$/.exec(code);
  if (rows) return t('activity.audit.verified.rows', { deleted: Number(rows[1]), total: Number(rows[2]) });
  return code;
}
