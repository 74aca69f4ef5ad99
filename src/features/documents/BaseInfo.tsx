import { Anchor, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { documentBaseQuery } from '../../api';
import { DriftWarnings, ErrorState, Loading } from '../../components';
import { useT } from '../../i18n';
import { safeHttpUrl } from './text-search';

/** Name, description and URL from query-base. Loads on its own, fails on its own (a deleted document is a 404 here too). */
export function BaseInfo({ id }: { id: string }) {
  const t = useT();
  const query = useQuery(documentBaseQuery(id));
  let body;
  if (query.isPending) body = <Loading label={t('documents.base.loading')} />;
  else if (query.isError)
    body = <ErrorState error={query.error} title={t('documents.base.failed')} onRetry={() => void query.refetch()} />;
  else {
    const { record, drift } = query.data;
    body = (
      <Stack gap="sm">
        <DriftWarnings warnings={drift} />
        <Box component="dl" m={0} data-testid="base-info">
          <Row label={t('documents.base.name')} value={record.name} testId="base-name" />
          <Row label={t('documents.base.description')} value={record.description} testId="base-description" />
          <Row
            label={t('documents.base.url')}
            value={record.url}
            testId="base-url"
            render={(url) => <SafeLink url={url} />}
          />
        </Box>
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="document-base-title">
      <Title order={2} size="h4" id="document-base-title" mb="sm">
        {t('documents.base.title')}
      </Title>
      {body}
    </Paper>
  );
}

function Row({
  label,
  value,
  testId,
  render,
}: {
  label: string;
  value: string | undefined;
  testId: string;
  render?: (v: string) => ReactNode;
}) {
  const t = useT();
  let shown: ReactNode;
  if (value === undefined)
    shown = (
      <Text span size="sm" c="dimmed" fs="italic">
        {t('documents.base.notSent')}
      </Text>
    );
  else if (value === '')
    shown = (
      <Text span size="sm" c="dimmed">
        {t('documents.base.empty')}
      </Text>
    );
  else shown = render ? render(value) : value;
  return (
    <Box style={{ display: 'flex', flexWrap: 'wrap', columnGap: 'var(--mantine-spacing-md)', rowGap: 2 }} py={4}>
      <Text component="dt" size="sm" fw={500} style={{ flex: '0 0 8rem' }}>
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        size="sm"
        style={{ flex: '1 1 16rem', minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        data-testid={testId}
      >
        {shown}
      </Text>
    </Box>
  );
}

/** Only http(s) addresses become links, opened in a new tab without giving it a handle on this page. */
function SafeLink({ url }: { url: string }) {
  const t = useT();
  const href = safeHttpUrl(url);
  if (!href) {
    return (
      <Text span inherit title={t('documents.base.notLink')} data-link="false">
        {url}
      </Text>
    );
  }
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      {url}
      <Text span size="xs" c="dimmed" ml={4}>
        {t('documents.base.opensNewTab')}
      </Text>
    </Anchor>
  );
}
