import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { parseSuiteCsv, type SuiteFile } from '../../../suite-engine';
import { useT } from '../../../i18n';

/** A CSV file has no name or space: they are asked for, then the rows are checked like a JSON file. */
export function CsvImport({
  pending,
  onClose,
  onImported,
  onRefused,
}: {
  pending: { file: string; text: string } | null;
  onClose(): void;
  onImported(file: SuiteFile): void | Promise<void>;
  onRefused(errors: string[]): void;
}) {
  const t = useT();
  const [name, setName] = useState('');
  const [space, setSpace] = useState('101');
  const fallbackName = pending?.file.replace(/\.csv$/i, '') ?? '';
  return (
    <Modal opened={!!pending} onClose={onClose} title={t('suites.csv.title', { file: pending?.file ?? '' })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending) return;
          const checked = parseSuiteCsv(pending.text, { name: name.trim() || fallbackName, space_id: space.trim() });
          if (checked.ok) void onImported(checked.file);
          else onRefused(checked.errors);
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('suites.csv.hint')}
          </Text>
          <TextInput
            label={t('suites.field.name')}
            placeholder={fallbackName}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label={t('suites.field.space')}
            value={space}
            onChange={(e) => setSpace(e.currentTarget.value)}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('suites.csv.import')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
