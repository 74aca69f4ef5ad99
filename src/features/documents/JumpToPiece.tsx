import { Button, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFormat, useT } from '../../i18n';

/** "Go to piece": a 1-based number within the document; anything else says what is accepted. */
export function JumpToPiece({ count, onJump }: { count: number; onJump(index: number): void }) {
  const t = useT();
  const { formatNumber } = useFormat();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Thousands separators are accepted, so "42,000" as shown on screen works too.
    const n = Number(value.replace(/[\s,_']/g, ''));
    if (!Number.isInteger(n) || n < 1 || n > count) {
      setError(t('documents.jump.invalid', { max: formatNumber(count) }));
      return;
    }
    setError(null);
    onJump(n - 1);
  }

  return (
    <form onSubmit={submit} noValidate style={{ flex: '0 1 15rem' }}>
      <TextInput
        label={t('documents.jump.label')}
        inputMode="numeric"
        value={value}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setError(null);
        }}
        error={error}
        autoComplete="off"
        rightSectionWidth={64}
        rightSectionPointerEvents="all"
        rightSection={
          <Button type="submit" size="compact-sm" variant="default" mr={4}>
            {t('documents.jump.submit')}
          </Button>
        }
      />
    </form>
  );
}
