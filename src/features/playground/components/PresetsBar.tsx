import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../i18n';
import { applyPreset, type PlaygroundOptions } from '../model/options';
import { deletePreset, loadPresets, savePreset, type Preset } from '../model/storage';

/** Option sets saved by name in this browser (session and conversation ids are not part of a preset). */
export function PresetsBar({ options, onLoad }: { options: PlaygroundOptions; onLoad(next: PlaygroundOptions): void }) {
  const t = useT();
  const [presets, setPresets] = useState<Preset[]>(() => loadPresets());
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState('');
  const chosen = presets.find((p) => p.name === selected);

  return (
    <Stack gap="xs" data-testid="presets">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label={t('playground.presets.label')}
          placeholder={presets.length ? t('playground.presets.pick') : t('playground.presets.empty')}
          data={presets.map((p) => p.name)}
          value={selected}
          onChange={setSelected}
          disabled={presets.length === 0}
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          disabled={!chosen}
          onClick={() => chosen && onLoad(applyPreset(options, chosen.options))}
        >
          {t('playground.presets.load')}
        </Button>
        <Button
          variant="subtle"
          color="red"
          disabled={!chosen}
          onClick={() => {
            if (!chosen) return;
            setPresets(deletePreset(chosen.name));
            setSelected(null);
          }}
        >
          {t('common.delete')}
        </Button>
      </Group>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('playground.presets.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          disabled={!name.trim()}
          onClick={() => {
            setPresets(savePreset(name, options));
            setSelected(name.trim());
            setName('');
          }}
        >
          {t('playground.presets.save')}
        </Button>
      </Group>
    </Stack>
  );
}
