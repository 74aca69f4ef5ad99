import { Alert, Grid, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { ConnectionProfile } from '../../../api';
import { EmptyState } from '../../../components';
import { useT, type MessageKey } from '../../../i18n';
import type { usePlaygroundSession } from '../hooks/use-session';
import { refusedOptions, type Exchange } from '../model/exchange';
import type { BodyCheck } from '../model/options';
import type { AnswerActions } from './AnswerCard';
import { Composer } from './Composer';
import { OptionsPanel } from './OptionsPanel';
import { PresetsBar } from './PresetsBar';
import { Transcript } from './Transcript';

export type Session = ReturnType<typeof usePlaygroundSession>;

/** Why nothing was sent, in words, pointing at the field to fix. */
export function useBodyProblem() {
  const t = useT();
  return useCallback(
    (check: BodyCheck): string | null => {
      if (check.ok) return null;
      if (check.field === 'message') return t('playground.composer.empty');
      const reason = t(`playground.problem.${check.reason}` as MessageKey, { detail: check.detail ?? '' });
      return t('playground.problem.field', { field: check.field, reason });
    },
    [t],
  );
}

export function ChatView({
  session,
  profile,
  allowRemoteImages,
  initialMessage,
}: {
  session: Session;
  profile: ConnectionProfile;
  allowRemoteImages: boolean;
  initialMessage?: string;
}) {
  const t = useT();
  const problem = useBodyProblem();
  const endRef = useRef<HTMLDivElement>(null);
  const { exchanges, send, resend, stopAll, running, sinkOf, options, setOptions } = session;
  const last = exchanges.at(-1);
  const serviceErrors = useMemo(() => refusedOptions(last), [last]);

  // Keeps the newest exchange in view when one is added.
  const count = exchanges.length;
  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  const profileRef = useRef(profile);
  useLayoutEffect(() => {
    profileRef.current = profile;
  });
  const actions = useMemo<AnswerActions>(
    () => ({
      onResend: (e: Exchange, o?: { stream?: boolean }) => resend(e, o),
      getToken: () => profileRef.current.token,
    }),
    [resend],
  );

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          {exchanges.length === 0 ? (
            <EmptyState title={t('playground.transcript.emptyTitle')} description={t('playground.transcript.empty')} />
          ) : (
            <Transcript exchanges={exchanges} sinkOf={sinkOf} allowRemoteImages={allowRemoteImages} actions={actions} />
          )}
          <Paper withBorder radius="md" p="sm">
            <Composer
              running={running}
              onSend={(message) => problem(send(message))}
              onStop={stopAll}
              initialMessage={initialMessage}
            />
          </Paper>
          <div ref={endRef} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper
          withBorder
          radius="md"
          p="sm"
          component="section"
          aria-label={t('playground.options.title')}
          style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 56px) + 12px)' }}
        >
          <ScrollArea.Autosize mah="calc(100dvh - 180px)" offsetScrollbars type="auto">
            <Stack gap="sm">
              <Text fw={600}>{t('playground.options.title')}</Text>
              {session.saveFailed ? (
                <Alert color="orange" variant="light">
                  {t('playground.session.saveFailed')}
                </Alert>
              ) : null}
              <OptionsPanel
                options={options}
                onChange={setOptions}
                profileId={profile.id}
                serviceErrors={serviceErrors}
              />
              <PresetsBar options={options} onLoad={setOptions} />
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
