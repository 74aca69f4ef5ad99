import { Autocomplete, Button, Group } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useCatalog, useConnection } from '../../api';
import { catalogOptions } from '../../components';
import { useT } from '../../i18n';

export interface CompareControlProps {
  currentId: string;
  initial?: string;
  onCompare(otherId: string): void;
}

/** "Compare with…": type any dataset id, or pick one the console has seen for this profile. */
export function CompareControl({ currentId, initial = '', onCompare }: CompareControlProps) {
  const t = useT();
  const { active } = useConnection();
  const known = useCatalog(active?.id, 'dataset').filter((e) => e.id !== currentId);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const id = value.trim();
    if (!id) return setError(t('datasets.compare.needId'));
    if (id === currentId) return setError(t('datasets.compare.sameId'));
    setError(null);
    onCompare(id);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Autocomplete
          label={t('datasets.compare.label')}
          placeholder={t('datasets.compare.placeholder')}
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          {...catalogOptions(known)}
          error={error}
          autoComplete="off"
          spellCheck={false}
          style={{ flex: '1 1 14rem', maxWidth: '22rem' }}
        />
        <Button type="submit" variant="default" style={{ flex: 'none' }} mb={error ? 22 : 0}>
          {t('datasets.compare.submit')}
        </Button>
      </Group>
    </form>
  );
}
