import { Alert, Code, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { plainControls } from '../../components';
import { useT } from '../../i18n';
import { paths } from '../../config/paths';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** What a route's error boundary (RouteBoundary) shows instead of the page that failed: what went wrong and a way out. */
export function RouteError({ error }: { error: unknown }) {
  const t = useT();
  return (
    <Alert color="red" variant="light" title={t('routeError.title')} role="alert" data-testid="route-error">
      <Stack gap="sm">
        <Text size="sm">{t('routeError.body')}</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {describe(error)}
        </Code>
        <Group>
          {/* A failed lazy chunk stays failed until the page reloads, so Retry reloads. */}
          <button
            type="button"
            className={plainControls.button}
            data-color="red"
            onClick={() => window.location.reload()}
          >
            {t('common.retry')}
          </button>
          <Link className={plainControls.button} data-variant="subtle" to={paths.home.href()}>
            {t('common.goHome')}
          </Link>
        </Group>
      </Stack>
    </Alert>
  );
}
