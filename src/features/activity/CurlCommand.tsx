import { Alert, Checkbox, Code, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { toCurl } from '../../api';
import type { RequestLogEntry } from '../../lib';
import { useConnection } from '../../lib';
import { CopyTextButton } from '../../components';
import { useT } from '../../i18n';

/**
 * The call as a curl command. The token stays `***` unless the admin explicitly asks for it; it is
 * read from the active profile at that moment and never kept in the log.
 */
export function CurlCommand({ entry }: { entry: RequestLogEntry }) {
  const t = useT();
  const { active } = useConnection();
  const [includeToken, setIncludeToken] = useState(false);
  const token = active?.token;
  const command = toCurl(entry, includeToken && token ? { token } : {});

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Checkbox
          label={t('activity.curl.includeToken')}
          description={token ? t('activity.curl.includeTokenHint') : t('activity.curl.noToken')}
          checked={includeToken && Boolean(token)}
          disabled={!token}
          onChange={(e) => setIncludeToken(e.currentTarget.checked)}
          style={{ flex: '1 1 16rem' }}
        />
        <CopyTextButton size="xs" value={command} label={t('activity.curl.copy')} copiedLabel={t('common.copied')} />
      </Group>
      {includeToken && token ? (
        <Alert color="orange" variant="light" py="xs" role="alert">
          <Text size="sm">{t('activity.curl.secretWarning')}</Text>
        </Alert>
      ) : null}
      <Code
        block
        data-testid="curl-command"
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: '14rem', overflow: 'auto' }}
      >
        {command}
      </Code>
    </Stack>
  );
}
