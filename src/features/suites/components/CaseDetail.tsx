import { Anchor, Badge, Button, Code, Drawer, Group, List, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import {
  mergedOptions,
  type AttemptResult,
  type CaseOutcome,
  type SuiteRun,
  type TurnResult,
  type Suite,
} from '../../../suite-engine';
import { paths } from '../../../config/paths';
import type { DocumentChunk } from '../../../contract';
import { ErrorState, Loading, playgroundLink, RawJson, SafeMarkdown, SourcesList } from '../../../components';
import { useCaseDetails } from '../hooks';
import { useFormat, useT } from '../../../i18n';
import { CaseScores } from './CaseScores';
import { assertionDetail } from '../model/assertion-words';
import { CaseStatusBadge } from './CaseStatusBadge';
import { RubricVerdict } from './RubricVerdict';

/** A case opened: per variant and repetition, each question's exact request and response, answer, sources, assertions. */
export function CaseDetail({
  run,
  suite,
  caseId,
  outcomes,
  onClose,
}: {
  run: SuiteRun;
  suite: Suite;
  caseId: string | null;
  outcomes: CaseOutcome[];
  onClose(): void;
}) {
  const t = useT();
  const c = suite.cases.find((x) => x.id === caseId);
  // A kept run's answers, requests and responses are read when a case opens.
  const details = useCaseDetails(run, outcomes);
  return (
    <Drawer
      opened={!!caseId && !!c}
      onClose={onClose}
      position="right"
      size="min(60rem, 100%)"
      title={
        <Text fw={600} ff="monospace">
          {caseId}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {c && details.loading ? <Loading label={t('suites.loading')} /> : null}
      {c && details.error ? <ErrorState error={details.error} /> : null}
      {c && !details.loading && !details.error ? (
        <Stack gap="md" data-testid="case-detail">
          <Text size="sm">{c.question}</Text>
          {details.outcomes.map((o) => {
            const variant = suite.variants.find((v) => v.id === o.variantId)!;
            const options = mergedOptions(suite, variant, c);
            return (
              <Paper key={o.variantId} withBorder p="sm">
                <Group justify="space-between" mb="xs">
                  <Group gap="xs">
                    {suite.hasVariants ? (
                      <Title order={3} size="h5">
                        {t('suites.results.variant', { id: o.variantId })}
                      </Title>
                    ) : null}
                    <CaseStatusBadge status={o.status} />
                    <Text size="sm" c="dimmed">
                      {t('suites.results.reps', { passed: o.passed, total: o.planned })}
                    </Text>
                    <CaseScores outcome={o} size="sm" />
                  </Group>
                  <Button
                    size="compact-sm"
                    variant="light"
                    component={Link}
                    to={playgroundLink(String(run.suite.space_id), options, c.question)}
                  >
                    {t('suites.detail.openPlayground')}
                  </Button>
                </Group>
                {o.attempts.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('suites.detail.notRun')}
                  </Text>
                ) : o.attempts.length === 1 ? (
                  <AttemptView attempt={o.attempts[0]!} />
                ) : (
                  <Tabs defaultValue="1" keepMounted={false}>
                    <Tabs.List>
                      {o.attempts.map((a) => (
                        <Tabs.Tab
                          key={a.repetition}
                          value={String(a.repetition)}
                          c={a.status === 'pass' ? undefined : 'red'}
                        >
                          {t('suites.detail.repetition', { n: a.repetition })}
                        </Tabs.Tab>
                      ))}
                    </Tabs.List>
                    {o.attempts.map((a) => (
                      <Tabs.Panel key={a.repetition} value={String(a.repetition)} pt="sm">
                        <AttemptView attempt={a} />
                      </Tabs.Panel>
                    ))}
                  </Tabs>
                )}
              </Paper>
            );
          })}
        </Stack>
      ) : null}
    </Drawer>
  );
}

function AttemptView({ attempt }: { attempt: AttemptResult }) {
  const t = useT();
  return (
    <Stack gap="md">
      <Text size="xs" c="dimmed" ff="monospace">
        session_id {attempt.sessionId}
      </Text>
      {attempt.turns.map((turn, i) => (
        <TurnView
          key={i}
          turn={turn}
          label={i === 0 ? t('suites.detail.question') : t('suites.detail.followUp', { n: i })}
        />
      ))}
    </Stack>
  );
}

function TurnView({ turn, label }: { turn: TurnResult; label: string }) {
  const t = useT();
  const { formatNumber } = useFormat();
  return (
    <Stack gap="xs" data-testid="turn">
      <Group gap="xs">
        <Badge variant="outline" color="gray">
          {label}
        </Badge>
        <Badge
          color={
            turn.status === 'pass'
              ? 'teal'
              : turn.status === 'fail'
                ? 'red'
                : turn.status === 'error'
                  ? 'yellow'
                  : 'gray'
          }
          variant="light"
        >
          {t(`suites.turn.${turn.status}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {[
            turn.latencyMs === undefined ? undefined : `${formatNumber(turn.latencyMs)} ms`,
            turn.firstTextMs === undefined
              ? undefined
              : t('suites.detail.firstText', { ms: formatNumber(turn.firstTextMs) }),
            turn.totalTokens === undefined
              ? undefined
              : t('suites.results.tokens', { n: formatNumber(turn.totalTokens) }),
            turn.conversationId ? t('suites.detail.conversation', { id: turn.conversationId }) : undefined,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {turn.conversationId ? (
          <Anchor component={Link} to={paths.conversation.href(turn.conversationId)} size="xs">
            {t('suites.detail.openConversation')}
          </Anchor>
        ) : null}
      </Group>
      <Text size="sm" fw={500}>
        {turn.question}
      </Text>
      {turn.error ? (
        <Text size="sm" c="red" role="alert">
          {turn.error.message}
        </Text>
      ) : null}
      {turn.assertions.length ? (
        <List size="sm" spacing={2} data-testid="assertions">
          {turn.assertions.map((a) => (
            <List.Item key={a.key} c={a.ok ? undefined : 'red'} icon={<span aria-hidden>{a.ok ? '✓' : '✗'}</span>}>
              <Code>{a.key}</Code> {assertionDetail(t, a.detail)}
            </List.Item>
          ))}
        </List>
      ) : null}
      <RubricVerdict turn={turn} />
      {turn.status !== 'skipped' ? (
        <>
          <Paper withBorder p="sm" radius="sm">
            {turn.answer ? (
              <SafeMarkdown text={turn.answer} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('suites.detail.noAnswer')}
              </Text>
            )}
          </Paper>
          <Text size="xs" fw={600} c="dimmed">
            {t('answer.sources.title', { count: turn.sources.length })}
          </Text>
          <SourcesList chunks={chunksOf(turn)} />
          <RawJson
            label={t('suites.detail.request', { url: turn.request.url })}
            value={turn.request.body}
            maxHeight="16rem"
          />
          {turn.response !== undefined ? (
            <RawJson
              label={t('suites.detail.response', { status: turn.httpStatus ?? '–' })}
              value={tryJson(turn.response)}
              maxHeight="16rem"
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/** The sources with their text, from the stored response when it parses; else as kept (ids and scores). */
function chunksOf(turn: TurnResult): DocumentChunk[] {
  const parsed = turn.response === undefined ? undefined : tryJson(turn.response);
  const chunks =
    parsed && typeof parsed === 'object' ? (parsed as { document_chunks?: unknown }).document_chunks : undefined;
  return Array.isArray(chunks) && chunks.length === turn.sources.length ? (chunks as DocumentChunk[]) : turn.sources;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
