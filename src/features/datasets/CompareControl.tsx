import { Button, Group, TextInput } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useCatalog, useConnection } from '../../lib';
import { CatalogDatalist, usePathIdError } from '../../components';
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
  const listId = useId();
  const pathIdError = usePathIdError();

  function submit(event: FormEvent) {
    event.preventDefault();
    const id = value.trim();
    if (!id) return setError(t('datasets.compare.needId'));
    if (id === currentId) return setError(t('datasets.compare.sameId'));
    const unusable = pathIdError(id);
    if (unusable) return setError(unusable);
    setError(null);
    onCompare(id);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('datasets.compare.label')}
          placeholder={t('datasets.compare.placeholder')}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(pathIdError(e.currentTarget.value.trim()));
          }}
          list={listId}
          error={error}
          autoComplete="off"
          spellCheck={false}
          style={{ flex: '1 1 14rem', maxWidth: '22rem' }}
        />
        <CatalogDatalist id={listId} entries={known} />
        <Button type="submit" variant="default" style={{ flex: 'none' }} mb={error ? 22 : 0}>
          {t('datasets.compare.submit')}
        </Button>
      </Group>
    </form>
  );
}
