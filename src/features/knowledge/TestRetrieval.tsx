import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  loadRetrievalProbe,
  useSandboxStarters,
  type ProbedDocument,
  type RankedPiece,
  type RetrievalProbeResult,
} from '../../api';
import { useCatalog, type ConnectionProfile } from '../../lib';
import { ErrorState, usePathIdError } from '../../components';
import { useT } from '../../i18n';
import { paths } from '../../config/paths';
import { rememberedSpace, rememberSpace } from './retrieval-space';

export interface TestRetrievalProps {
  profile: ConnectionProfile;
  knowledgeId: string;
  /** The knowledge base's dataset (from its read): what is retrieved from. */
  datasetId: string | undefined;
  /** Opened by the admin's click: the question field takes the focus the button had. */
  focusQuestion?: boolean;
}

/**
 * Hit testing, as Dify's and RAGFlow's: a question asked through the knowledge base's dataset (a space completion
 * restricted to it: src/api/completion/retrieval-probe.ts), its pieces ranked with scores and documents, and the
 * tokens it cost. The space is picked once per knowledge base and remembered per profile.
 */
export function TestRetrieval({ profile, knowledgeId, datasetId, focusQuestion = false }: TestRetrievalProps) {
  const t = useT();
  const spaces = useCatalog(profile.id, 'space');
  const starters = useSandboxStarters(profile);
  const [space, setSpace] = useState(
    () => rememberedSpace(profile.id, knowledgeId) ?? spaces[0]?.id ?? starters?.space[0]?.id ?? '',
  );
  const [question, setQuestion] = useState('');
  const [errors, setErrors] = useState<{ space?: string | null; question?: string }>({});
  const pathIdError = usePathIdError();
  const listId = useId();
  const questionRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusQuestion) questionRef.current?.focus();
  }, [focusQuestion]);
  const probe = useMutation({
    // The probe's code (the completion runner) loads with the first question, not with the page.
    mutationFn: async ({ spaceId, text }: { spaceId: string; text: string }): Promise<ProbeAnswer> => {
      const { runRetrievalProbe, documentsOfPieces } = await loadRetrievalProbe();
      const result = await runRetrievalProbe({ profile, spaceId, probe: { question: text, datasetId: datasetId! } });
      return { ...result, documents: documentsOfPieces(result.pieces) };
    },
  });
  // The starters answer after the first render: a space not yet chosen takes the sandbox's first.
  const spaceValue = space || (starters?.space[0]?.id ?? '');
  const offered = [
    ...spaces.map((s) => ({ id: s.id, name: s.label })),
    ...(starters?.space ?? []).filter((s) => !spaces.some((e) => e.id === s.id)),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    const spaceId = spaceValue.trim();
    const text = question.trim();
    const next = {
      space: spaceId ? pathIdError(spaceId) : t('knowledge.probe.spaceRequired'),
      question: text ? undefined : t('knowledge.probe.questionRequired'),
    };
    setErrors(next);
    if (next.space || next.question || probe.isPending) return;
    rememberSpace(profile.id, knowledgeId, spaceId);
    probe.mutate({ spaceId, text });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="test-retrieval-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="test-retrieval-title">
          {t('knowledge.probe.title')}
        </Title>
        {datasetId === undefined ? (
          <Text size="sm" c="dimmed">
            {t('knowledge.probe.noDataset')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('knowledge.probe.hint', { dataset: datasetId })}
            </Text>
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <Group align="flex-start" gap="sm" wrap="wrap">
                  <TextInput
                    label={t('knowledge.probe.space')}
                    description={t('knowledge.probe.spaceHint')}
                    value={spaceValue}
                    onChange={(e) => {
                      setSpace(e.currentTarget.value);
                      setErrors((prev) => ({ ...prev, space: null }));
                    }}
                    list={listId}
                    error={errors.space}
                    autoComplete="off"
                    spellCheck={false}
                    w="16rem"
                    maw="100%"
                    data-testid="probe-space"
                  />
                  <datalist id={listId}>
                    {offered.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name ? `${s.name} · ${s.id}` : s.id}
                      </option>
                    ))}
                  </datalist>
                </Group>
                <Textarea
                  label={t('knowledge.probe.question')}
                  value={question}
                  onChange={(e) => {
                    setQuestion(e.currentTarget.value);
                    setErrors((prev) => ({ ...prev, question: undefined }));
                  }}
                  onKeyDown={(e) => {
                    // Ctrl/⌘+Enter asks, as in the playground.
                    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
                  }}
                  error={errors.question}
                  ref={questionRef}
                  autosize
                  minRows={2}
                  maxRows={6}
                  maw="44rem"
                  data-testid="probe-question"
                />
                <Group>
                  <Button type="submit" variant="light" loading={probe.isPending} data-testid="probe-submit">
                    {t('knowledge.probe.submit')}
                  </Button>
                </Group>
              </Stack>
            </form>
            {probe.isError ? <ErrorState error={probe.error} title={t('knowledge.probe.failed')} /> : null}
            {probe.data ? <ProbeResult result={probe.data} datasetId={datasetId} /> : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** A probe's result with the documents its pieces came from. */
type ProbeAnswer = RetrievalProbeResult & { documents: ProbedDocument[] };

function ProbeResult({ result, datasetId }: { result: ProbeAnswer; datasetId: string }) {
  const t = useT();
  const { outcome, pieces, usage, documents } = result;
  if (outcome.ending !== 'answered' && outcome.error)
    return <ErrorState error={outcome.error} title={t('knowledge.probe.failed')} />;
  return (
    <Stack gap="xs" data-testid="probe-result" aria-live="polite">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm" data-testid="probe-summary">
          {pieces.length === 0
            ? t('knowledge.probe.none')
            : t('knowledge.probe.summary', { pieces: pieces.length, documents: documents.length })}
        </Text>
        <Text size="xs" c="dimmed" data-testid="probe-tokens">
          {usage?.total_tokens !== undefined
            ? t('knowledge.probe.tokens', {
                total: usage.total_tokens,
                prompt: usage.prompt_tokens ?? 0,
                completion: usage.completion_tokens ?? 0,
              })
            : t('knowledge.probe.tokensUnknown')}
        </Text>
      </Group>
      {pieces.length > 0 ? (
        <Stack
          component="ol"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('knowledge.probe.pieces')}
        >
          {pieces.map((piece) => (
            <Piece key={piece.rank} piece={piece} datasetId={datasetId} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function Piece({ piece, datasetId }: { piece: RankedPiece; datasetId: string }) {
  const t = useT();
  return (
    <Paper component="li" withBorder radius="sm" p="sm" data-testid="probe-piece" data-document-id={piece.documentId}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="filled" color="indigo" size="sm">
            {t('knowledge.probe.rank', { rank: piece.rank })}
          </Badge>
          <Badge
            variant="light"
            color={piece.score === undefined ? 'gray' : 'teal'}
            size="sm"
            data-testid="probe-score"
          >
            {piece.score === undefined
              ? t('knowledge.probe.noScore')
              : t('knowledge.probe.score', { score: piece.score.toFixed(3) })}
          </Badge>
          {piece.documentId ? (
            <Anchor component={Link} to={paths.document.href(piece.documentId)} size="sm" fw={500}>
              {piece.documentName || piece.documentId}
            </Anchor>
          ) : (
            <Text size="sm">{piece.documentName}</Text>
          )}
          {piece.chunkIndex !== undefined ? (
            <Text size="xs" c="dimmed">
              {t('knowledge.probe.piece', { index: piece.chunkIndex })}
            </Text>
          ) : null}
          {piece.datasetId && piece.datasetId !== datasetId ? (
            <Text size="xs" c="orange">
              {t('knowledge.probe.otherDataset', { dataset: piece.datasetId })}
            </Text>
          ) : null}
        </Group>
        {piece.content ? (
          <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {piece.content}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
