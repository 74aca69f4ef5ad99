import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { parseSuiteJson } from '../../../suite-engine';
import { useT } from '../../../i18n';
import type { KeptSuite } from '../model/store';
import { useSaveSuite } from '../hooks';
import { ProblemList } from './ProblemList';

/** The suite as its JSON file: every problem listed (nothing is saved), the text kept as typed. */
export function JsonEditor({
  record,
  onDirty,
  onSaved,
}: {
  record: KeptSuite;
  onDirty(dirty: boolean): void;
  /** After each save (a draft's first moves the page to the suite's own address). */
  onSaved?(): void;
}) {
  const t = useT();
  const save = useSaveSuite(record);
  const original = `${JSON.stringify(record.file, null, 2)}\n`;
  const [text, setText] = useState(original);
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const dirty = text !== original;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('suites.json.hint')}
      </Text>
      <Textarea
        aria-label={t('suites.tab.json')}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setSaved(false);
        }}
        autosize
        minRows={12}
        maxRows={40}
        spellCheck={false}
        styles={{
          input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' },
        }}
        data-testid="suite-json"
      />
      {errors.length ? (
        <Alert color="red" variant="light" role="alert" title={t('suites.notSaved', { count: errors.length })}>
          <ProblemList problems={errors} />
        </Alert>
      ) : null}
      <Group>
        <Button
          disabled={!dirty}
          onClick={async () => {
            const checked = parseSuiteJson(text);
            if (!checked.ok) return setErrors(checked.errors);
            setErrors([]);
            await save(checked.file);
            setSaved(true);
            onSaved?.();
          }}
        >
          {t('suites.save')}
        </Button>
        <Button variant="default" disabled={!dirty} onClick={() => (setText(original), setErrors([]))}>
          {t('suites.revert')}
        </Button>
        {saved && !dirty ? (
          <Text size="sm" c="teal" component="output">
            {t('suites.saved')}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
