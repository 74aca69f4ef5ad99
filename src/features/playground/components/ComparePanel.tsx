import { Alert, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ConnectionProfile } from '../../../lib';
import { useT } from '../../../i18n';
import { useExchanges } from '../hooks/use-exchanges';
import type { Exchange } from '../model/exchange';
import { applyPreset, toBody, type PlaygroundOptions } from '../model/options';
import { loadPresets } from '../model/storage';
import { AnswerCard, type AnswerActions } from './AnswerCard';
import { useBodyProblem } from './ChatView';
import { Composer } from './Composer';

interface Side {
  spaceId: string;
  /** '' = the session's current options, otherwise a preset's name. */
  preset: string;
}

const CURRENT = '';

/**
 * One message, two option sets (or two spaces), answered side by side. Each side starts its own
 * conversation (a conversation belongs to one space), so conversation_id is not sent; nothing here is stored.
 */
export function ComparePanel({
  spaceId,
  options,
  profile,
  allowRemoteImages,
}: {
  spaceId: string;
  options: PlaygroundOptions;
  profile: ConnectionProfile;
  allowRemoteImages: boolean;
}) {
  const t = useT();
  const problem = useBodyProblem();
  // Re-read when the picker opens: presets may have been saved in the chat tab meanwhile.
  const [presets, setPresets] = useState(() => loadPresets());
  const [sides, setSides] = useState<[Side, Side]>([
    { spaceId, preset: CURRENT },
    { spaceId, preset: presets[0]?.name ?? CURRENT },
  ]);
  const runner = useExchanges(() => []);
  const { send: runSend } = runner;
  const [latestIds, setLatestIds] = useState<(string | undefined)[]>([]);
  const profileRef = useRef(profile);
  useLayoutEffect(() => {
    profileRef.current = profile;
  });

  const optionsOf = (side: Side): PlaygroundOptions => {
    const preset = presets.find((p) => p.name === side.preset);
    const chosen = preset ? applyPreset(options, preset.options) : options;
    return { ...chosen, conversation_id: '' };
  };

  function send(message: string): string | null {
    const checks = sides.map((side) => ({ side, check: toBody(optionsOf(side), message) }));
    for (const { side, check } of checks) {
      if (!side.spaceId.trim()) return t('playground.compare.spaceRequired');
      const text = problem(check);
      if (text) return text;
    }
    setLatestIds(
      checks.map(({ side, check }) =>
        check.ok ? runSend({ spaceId: side.spaceId.trim(), body: check.body, profile: profileRef.current }) : undefined,
      ),
    );
    return null;
  }

  const actions = useMemo<AnswerActions>(
    () => ({
      onResend: (e: Exchange, o?: { stream?: boolean }) =>
        runSend({
          spaceId: e.spaceId,
          body: o?.stream === undefined ? e.body : { ...e.body, stream: o.stream },
          profile: profileRef.current,
          replaceId: e.id,
        }),
      getToken: () => profileRef.current.token,
    }),
    [runSend],
  );

  const presetData = [
    { value: CURRENT, label: t('playground.compare.currentOptions') },
    ...presets.map((p) => ({ value: p.name, label: p.name })),
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('playground.compare.explain')}
      </Text>
      <Paper withBorder radius="md" p="sm">
        <Composer
          running={runner.running}
          onSend={send}
          onStop={runner.stopAll}
          label={t('playground.compare.message')}
        />
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {sides.map((side, i) => {
          const exchange = runner.exchanges.find((e) => e.id === latestIds[i]);
          const update = (change: Partial<Side>) =>
            setSides((s) => (i === 0 ? [{ ...s[0], ...change }, s[1]] : [s[0], { ...s[1], ...change }]));
          return (
            <Stack key={i} gap="xs" data-testid={`compare-side-${i}`}>
              <Text fw={600}>{t('playground.compare.side', { n: i + 1 })}</Text>
              <TextInput
                label="space_id"
                value={side.spaceId}
                onChange={(e) => update({ spaceId: e.currentTarget.value })}
                spellCheck={false}
              />
              <Select
                label={t('playground.compare.optionSet')}
                data={presetData}
                value={side.preset}
                onChange={(v) => update({ preset: v ?? CURRENT })}
                onDropdownOpen={() => setPresets(loadPresets())}
                allowDeselect={false}
              />
              {exchange ? (
                <AnswerCard
                  exchange={exchange}
                  sink={runner.sinkOf(exchange.id)}
                  allowRemoteImages={allowRemoteImages}
                  actions={actions}
                />
              ) : (
                <Alert variant="light" color="gray">
                  {t('playground.compare.noAnswer')}
                </Alert>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
