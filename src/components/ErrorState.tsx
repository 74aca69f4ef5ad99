import { Alert, Anchor, Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';
import { isApiError, type ApiError } from '../api';
import { isKeptDbError, useConnection } from '../lib';
import { paths } from '../config/paths';
import { useT, type MessageKey } from '../i18n';
import { DriftWarnings } from './DriftWarnings';
import { storageErrorKey } from './storage-error';
import { useOnline } from './use-online';

/*
 * The error's facts (status, endpoint, time…) as a plain table drawn as Mantine's Table drew it (no row borders,
 * spacing 2px / xs): Mantine's Table brought its scroll container and ScrollArea (≈5 KB gzip) into the shared kit
 * every page opened by id loads, for these few rows. Inline styles: a CSS file of its own would be one more request
 * before each of those pages.
 */
const FACTS_TABLE = {
  borderCollapse: 'collapse',
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 'var(--mantine-line-height)',
} as const;
const FACT_CELL = { padding: '2px var(--mantine-spacing-xs)', textAlign: 'start' } as const;
const FACT_LABEL = { ...FACT_CELL, width: '1%', fontWeight: 500, whiteSpace: 'nowrap' } as const;

export interface ErrorStateProps {
  /** Anything thrown or rejected; an ApiError gets the full treatment. */
  error: unknown;
  onRetry?: () => void;
  title?: string;
}

function kindKey(error: ApiError, online: boolean): MessageKey {
  // Offline, nothing left the browser: say so rather than blame the service's address.
  if (!online && (error.kind === 'network' || error.kind === 'timeout')) return 'error.kind.offline';
  switch (error.kind) {
    case 'http':
      return error.status === 401 || error.status === 403 ? 'error.kind.unauthorized' : 'error.kind.http';
    case 'network':
    case 'cors':
    case 'timeout':
    case 'aborted':
      return `error.kind.${error.kind}`;
    case 'invalid_json':
    case 'unusable':
      return 'error.kind.parse';
    case 'invalid_request':
      return 'error.kind.invalid_request';
    case 'no_profile':
      return 'error.kind.config';
    default:
      return 'error.kind.other';
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** Links take the alert's text colour, underlined: the theme's link blue is too faint on the dark scheme's red. */
const LINK_LOOK = { c: 'inherit', underline: 'always', fw: 500 } as const;

/** The refused profile, highlighted in Settings (the same address the layout sends the admin to). */
function SettingsLink() {
  const t = useT();
  const { active } = useConnection();
  const inRouter = useInRouterContext();
  if (!inRouter) return null;
  return (
    <Anchor
      component={Link}
      to={paths.settings.href({ profile: active?.id, reason: 'token' })}
      size="sm"
      {...LINK_LOOK}
      data-testid="error-settings-link"
    >
      {t('auth.openSettings')}
    </Anchor>
  );
}

/**
 * A failed load or action. An answer from the service is headed by its own message (whatever dialect it
 * spoke) with the HTTP status beside it; then what that means in words, the error code, the raw body on
 * demand, and Retry. Other failures say what happened in words.
 */
export function ErrorState({ error, onRetry, title }: ErrorStateProps) {
  const t = useT();
  const online = useOnline();
  const [showRaw, setShowRaw] = useState(false);
  const api = isApiError(error) ? error : null;
  // A stalled stream names its idle limit in the admin's language (the English detail would only repeat it).
  const stalled = api?.idleMs !== undefined;
  // The browser's storage refused: what to do about it, then the browser's own words (when it gave any).
  const kept = isKeptDbError(error) ? error : null;
  const summary = stalled
    ? t('error.kind.stalled', { seconds: api!.idleMs! / 1000 })
    : api
      ? t(kindKey(api, online))
      : kept
        ? t(storageErrorKey(kept.kind))
        : t('error.kind.other');
  const detail = kept ? (kept.cause === undefined ? '' : messageOf(kept.cause)) : messageOf(error);
  const answered = api?.kind === 'http' && api.status !== undefined;
  const headline = answered ? (api.serviceMessage ?? t('error.emptyBody')) : undefined;
  const unauthorized = answered && (api.status === 401 || api.status === 403);
  const rows: [string, string][] = [];
  if (!answered && api?.status !== undefined) rows.push([t('error.status'), String(api.status)]);
  if (api?.code !== undefined) rows.push([t('error.code'), String(api.code)]);

  return (
    <Alert
      color="red"
      variant="light"
      title={title ?? t(kept ? 'storage.error.title' : 'error.title')}
      role="alert"
      data-testid="error-state"
      data-kind={api?.kind ?? (kept ? `storage-${kept.kind}` : 'other')}
    >
      <Stack gap="xs">
        {headline !== undefined ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="error-headline">
              {headline}
            </Text>
            {/* Neutral: readable on the alert's red in both schemes (a red badge would not reach AA contrast). */}
            <Badge variant="default" style={{ flex: 'none' }} data-testid="error-status">
              HTTP {api!.status}
            </Badge>
          </Group>
        ) : null}
        <Text size="sm" c={headline !== undefined ? 'dimmed' : undefined}>
          {summary}
          {unauthorized ? (
            <>
              {' '}
              <SettingsLink />
            </>
          ) : null}
        </Text>
        {!answered && !stalled && detail ? (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        ) : null}
        {rows.length > 0 ? (
          <table style={FACTS_TABLE}>
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row" style={FACT_LABEL}>
                    {label}
                  </th>
                  <td style={FACT_CELL}>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {api && api.drift.length > 0 ? <DriftWarnings warnings={api.drift} /> : null}
        {api?.rawBody !== undefined ? (
          <div>
            <Anchor
              component="button"
              type="button"
              size="sm"
              {...LINK_LOOK}
              onClick={() => setShowRaw((s) => !s)}
              aria-expanded={showRaw}
            >
              {t('error.rawBody')}: {showRaw ? t('common.hideDetails') : t('common.showDetails')}
            </Anchor>
            {showRaw ? (
              <Code
                block
                mt={4}
                style={{ maxHeight: '20rem', overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              >
                {api.rawBody === '' ? t('error.emptyBody') : api.rawBody}
              </Code>
            ) : null}
          </div>
        ) : null}
        {onRetry ? (
          <Group>
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
