import { Alert, Grid, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ConnectionProfile } from '../../../lib';
import { EmptyState } from '../../../components';
import { useT, type MessageKey } from '../../../i18n';
import type { usePlaygroundSession } from '../hooks/use-session';
import { refusedOptions, type Exchange } from '../model/exchange';
import type { BodyCheck } from '../model/options';
import type { AnswerActions } from './AnswerCard';
import { Composer } from './Composer';
import { OptionsPanel } from './OptionsPanel';
import { PresetsBar } from './PresetsBar';
import { SampleQuestions } from './SampleQuestions';
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
  spaceId,
  allowRemoteImages,
  initialMessage,
}: {
  session: Session;
  profile: ConnectionProfile;
  spaceId: string;
  allowRemoteImages: boolean;
  initialMessage?: string;
}) {
  const t = useT();
  const problem = useBodyProblem();
  const endRef = useRef<HTMLDivElement>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const { exchanges, send, resend, stopAll, running, sinkOf, options, setOptions } = session;
  const last = exchanges.at(-1);
  const serviceErrors = useMemo(() => refusedOptions(last), [last]);
  // A sample question that could not be sent (an option to fix first), said beside the samples.
  const [sampleProblem, setSampleProblem] = useState<string | null>(null);

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
            <EmptyState title={t('playground.transcript.emptyTitle')} description={t('playground.transcript.empty')}>
              <SampleQuestions
                profile={profile}
                spaceId={spaceId}
                disabled={running}
                onAsk={(question) => {
                  const refused = problem(send(question));
                  setSampleProblem(refused);
                  // The button pressed goes with the empty state: focus moves to the message box for a follow-up,
                  // not to the page's body (the answer is announced by the transcript as it arrives).
                  if (!refused) composerRef.current?.focus({ preventScroll: true });
                }}
              />
              {sampleProblem ? (
                <Text size="sm" c="red" role="alert" mt="xs">
                  {sampleProblem}
                </Text>
              ) : null}
            </EmptyState>
          ) : (
            <Transcript exchanges={exchanges} sinkOf={sinkOf} allowRemoteImages={allowRemoteImages} actions={actions} />
          )}
          <Paper withBorder radius="md" p="sm">
            <Composer
              running={running}
              onSend={(message) => problem(send(message))}
              onStop={stopAll}
              initialMessage={initialMessage}
              inputRef={composerRef}
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
