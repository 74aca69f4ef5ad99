import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { useT } from '../../i18n';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * A route's error boundary: the page that failed is replaced by what went wrong and a way out,
 * while the header and navigation stay usable. Never a blank page.
 */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  return (
    <Alert color="red" variant="light" title={t('routeError.title')} role="alert" data-testid="route-error">
      <Stack gap="sm">
        <Text size="sm">{t('routeError.body')}</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {describe(error)}
        </Code>
        <Group>
          {/* A failed lazy chunk stays failed until the page reloads, so Retry reloads. */}
          <Button size="xs" color="red" variant="light" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
          <Button size="xs" variant="subtle" component={Link} to="/">
            {t('common.goHome')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
