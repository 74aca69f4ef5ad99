import { Paper, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useT } from '../../../i18n';
import { errorAt } from '../model/editor-form';
import type { EditorValues } from '../model/editor-values';
import { monoInput } from './mono-styles';

const GATES = ['min_pass_rate', 'min_hit_rate', 'min_mrr'] as const;

/** The suite's own fields above its cases: name, space, repeat, pass_at_least, the release gate, defaults and variants. */
export function SuiteFields({
  register,
  errors,
}: {
  register: UseFormRegister<EditorValues>;
  errors: FieldErrors<EditorValues>;
}) {
  const t = useT();
  const err = (path: string) => errorAt(errors, path);
  return (
    <Paper withBorder p="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label={t('suites.field.name')} {...register('name')} error={err('name')} />
        <TextInput label={t('suites.field.space')} {...register('space_id')} error={err('space_id')} />
        <TextInput
          label={t('suites.field.suiteRepeat')}
          {...register('repeat')}
          error={err('repeat')}
          placeholder="1"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 4 }} mt="sm">
        <TextInput
          label={t('suites.field.passAtLeast')}
          description={t('suites.field.passAtLeastHint')}
          {...register('pass_at_least')}
          error={err('pass_at_least')}
        />
        {GATES.map((g) => (
          <TextInput
            key={g}
            label={t(`suites.field.gate_${g}`)}
            description={t('suites.field.gateHint')}
            {...register(`gate_${g}`)}
            error={err(`gate_${g}`)}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
        <Textarea
          label={t('suites.field.defaults')}
          description={t('suites.field.defaultsHint')}
          autosize
          minRows={2}
          styles={monoInput}
          {...register('defaults')}
          error={err('defaults')}
        />
        <Textarea
          label={t('suites.field.variants')}
          description={t('suites.field.variantsHint')}
          autosize
          minRows={2}
          styles={monoInput}
          {...register('variants')}
          error={err('variants')}
        />
        <Textarea
          label={t('suites.field.abstention_phrases')}
          description={t('suites.field.abstentionPhrasesHint')}
          autosize
          minRows={2}
          styles={monoInput}
          {...register('abstention_phrases')}
          error={err('abstention_phrases')}
        />
      </SimpleGrid>
    </Paper>
  );
}
