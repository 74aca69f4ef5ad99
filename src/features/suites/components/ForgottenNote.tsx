import { Alert, Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ScrollTable } from '../../../components';
import { forgottenCaseId } from '../../../suite-engine';
import { paths } from '../../../config/paths';
import { useFormat, useT } from '../../../i18n';
import type { KeptSuite } from '../model/store';

/**
 * A forgotten-documents suite, kept automatically: which knowledge base it follows, and one row per removed document
 * with when it was verified gone from answers (its case asks the probe question again, expecting no citation).
 */
export function ForgottenNote({ record }: { record: KeptSuite & { forgotten: NonNullable<KeptSuite['forgotten']> } }) {
  const t = useT();
  const { formatDateTime } = useFormat();
  const { knowledgeId, documents } = record.forgotten;
  const questionOf = new Map(record.file.cases.map((c) => [c.id, c.question]));
  return (
    <Alert color="grape" variant="light" mb="md" title={t('suites.forgotten.title')} data-testid="forgotten-note">
      <Text size="sm" mb="xs">
        {t('suites.forgotten.line')}{' '}
        <Anchor component={Link} to={paths.knowledgeBase.href(knowledgeId)} ff="monospace" size="sm">
          {knowledgeId}
        </Anchor>
      </Text>
      <ScrollTable minWidth={560} label={t('suites.forgotten.title')}>
        <Table verticalSpacing={4} data-testid="forgotten-documents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('suites.forgotten.document')}</Table.Th>
              <Table.Th>{t('suites.forgotten.verifiedAt')}</Table.Th>
              <Table.Th>{t('suites.forgotten.question')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Object.entries(documents).map(([documentId, d]) => (
              <Table.Tr key={documentId} data-document={documentId}>
                <Table.Td ff="monospace">
                  <Anchor component={Link} to={paths.document.href(documentId)} size="sm">
                    {documentId}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDateTime(d.verifiedAt)}</Table.Td>
                <Table.Td>{questionOf.get(forgottenCaseId(documentId)) ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Alert>
  );
}
