import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { documentTextsPreviewQuery, documentTextsQuery } from '../../api';
import { DriftWarnings, ErrorState, Loading, downloadText } from '../../components';
import { useFormat, useT } from '../../i18n';
import { JumpToPiece } from './JumpToPiece';
import { PieceList, PiecePreview, type PieceListHandle } from './PieceList';
import {
  buildSearchIndex,
  findHits,
  joinPieces,
  NO_HITS,
  textFigures,
  textFileName,
  type SearchHits,
} from './text-search';
import { TextSearch } from './TextSearch';

/** The full text: figures, search, jump, download and the virtualised pieces. Loads on its own, fails on its own. */
export function DocumentText({ id, name }: { id: string; name?: string }) {
  const t = useT();
  const query = useQuery(documentTextsQuery(id));
  const preview = useQuery(documentTextsPreviewQuery(id)).data;
  let body;
  if (query.isPending && preview) body = <TextPreview pieces={preview} />;
  else if (query.isPending) body = <Loading label={t('documents.text.loading')} />;
  else if (query.isError)
    body = <ErrorState error={query.error} title={t('documents.text.failed')} onRetry={() => void query.refetch()} />;
  else {
    const { record, drift } = query.data;
    body = (
      <Stack gap="sm">
        <DriftWarnings warnings={drift} />
        {record.document_id !== undefined && String(record.document_id) !== id ? (
          <Text size="sm" c="orange">
            {t('documents.text.otherId', { id: String(record.document_id) })}
          </Text>
        ) : null}
        <TextView pieces={record.document_contents} fileName={textFileName(name, id)} />
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="document-text-title">
      <Title order={2} size="h4" id="document-text-title" mb="sm">
        {t('documents.text.title')}
      </Title>
      {body}
    </Paper>
  );
}

/** The first pieces of a large text while the rest arrives: read-only, the figures, search and jump come with the rest. */
function TextPreview({ pieces }: { pieces: readonly string[] }) {
  const t = useT();
  return (
    <Stack gap="sm" data-testid="text-preview">
      <Loading label={t('documents.text.loadingRest', { count: pieces.length })} />
      <PiecePreview pieces={pieces} />
    </Stack>
  );
}

function TextView({ pieces, fileName }: { pieces: readonly string[]; fileName: string }) {
  const t = useT();
  const { formatNumber } = useFormat();
  const index = useMemo(() => buildSearchIndex(pieces), [pieces]);
  const figures = useMemo(() => textFigures(pieces), [pieces]);
  const listRef = useRef<PieceListHandle>(null);
  const [hits, setHits] = useState<SearchHits>(NO_HITS);
  const [current, setCurrent] = useState(0);
  const [active, setActive] = useState<number | undefined>();

  const onQuery = useCallback(
    (q: string) => {
      if (q.toLowerCase() === hits.query || (q.trim() === '' && hits.query === '')) return;
      const next = findHits(index, q);
      const first = next.pieces[0];
      setHits(next);
      setCurrent(0);
      setActive(first);
      if (first !== undefined) listRef.current?.scrollToPiece(first);
    },
    [index, hits.query],
  );

  const onStep = (direction: 1 | -1) => {
    const n = hits.pieces.length;
    if (n === 0) return;
    const nextIndex = (current + direction + n) % n;
    const piece = hits.pieces[nextIndex]!;
    setCurrent(nextIndex);
    setActive(piece);
    listRef.current?.scrollToPiece(piece);
  };

  const onJump = (piece: number) => {
    setActive(piece);
    listRef.current?.scrollToPiece(piece, 'start');
  };

  const download = () => downloadText(fileName, joinPieces(pieces), 'text/plain');

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="md">
        <Group gap="xl" component="dl" m={0} data-testid="text-figures">
          <Figure label={t('documents.text.pieces')} value={formatNumber(figures.pieces)} testId="figure-pieces" />
          <Figure
            label={t('documents.text.characters')}
            value={formatNumber(figures.characters)}
            testId="figure-characters"
          />
          <Figure
            label={t('documents.text.tokens')}
            value={t('documents.text.tokensValue', { count: formatNumber(figures.approxTokens) })}
            hint={t('documents.text.tokensHint')}
            testId="figure-tokens"
          />
        </Group>
        <Button variant="default" onClick={download} disabled={pieces.length === 0}>
          {t('documents.text.download')}
        </Button>
      </Group>
      {pieces.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('documents.text.empty')}
        </Text>
      ) : (
        <>
          <Group align="flex-start" gap="md" wrap="wrap">
            <TextSearch hits={hits} current={current} onQuery={onQuery} onStep={onStep} />
            <JumpToPiece count={pieces.length} onJump={onJump} />
          </Group>
          <PieceList ref={listRef} pieces={pieces} query={hits.query} activePiece={active} />
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div title={hint}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} size="lg" fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
