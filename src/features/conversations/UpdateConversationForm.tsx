import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Code,
  Group,
  List,
  NumberInput,
  Paper,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { UpdateConversationBody } from '../../contract';
import {
  fieldPathText,
  isApiError,
  matchFieldErrors,
  updateConversation,
  type ApiResult,
  type ServiceFieldError,
} from '../../api';
import { ErrorState, RawJson } from '../../components';
import type { Conversation } from '../../contract';
import { useT } from '../../i18n';
import {
  buildUpdateBody,
  counterText,
  fieldErrorText,
  INPUT_NAMES,
  inputForPath,
  mergeBaseline,
  SERVER_ERROR,
  TEXT_FIELD_MAX,
  type Baseline,
  type ConversationFormValues,
  type DirtyFields,
  type FormField,
  type TextField,
} from './form-model';

export interface UpdateConversationFormProps {
  conversationId: string;
  baseline: Baseline;
  /** `next` is the merged starting point for further edits (see mergeBaseline). */
  onSaved(result: ApiResult<Conversation>, next: Baseline): void;
  /** The conversation was deleted by this profile: its fields are shown, nothing can be changed or sent. */
  readOnly?: boolean;
}

/**
 * The update form. Its resolver is the contract's UpdateConversationBody, so nothing the service would
 * refuse for length or type is sent; text over a limit stays as typed and is flagged, never cut.
 */
export function UpdateConversationForm({
  conversationId,
  baseline,
  onSaved,
  readOnly = false,
}: UpdateConversationFormProps) {
  const t = useT();
  const [sendAll, setSendAll] = useState(false);
  const form = useForm<ConversationFormValues, unknown, UpdateConversationBody>({
    resolver: zodResolver(UpdateConversationBody),
    defaultValues: baseline.values,
    mode: 'onChange',
  });
  const { register, control, handleSubmit, formState, reset, setError, setFocus } = form;
  // Fields a 422 named that this form has no input for: listed above Save with their paths.
  const [otherFieldErrors, setOtherFieldErrors] = useState<ServiceFieldError[]>([]);
  const values = useWatch({ control }) as ConversationFormValues;
  const body = buildUpdateBody(values, formState.dirtyFields as DirtyFields, sendAll);
  const nothingToSend = Object.keys(body).length === 0;

  const mutation = useMutation({
    mutationFn: (payload: UpdateConversationBody) => updateConversation(conversationId, payload),
    onMutate: () => setOtherFieldErrors([]),
    onError: (error) => {
      if (!isApiError(error) || error.fieldErrors.length === 0) return;
      // The service's message goes under the input it names; what was typed stays as it is.
      const { matched, others } = matchFieldErrors(error.fieldErrors, inputForPath);
      for (const { field, message } of matched) setError(field, { type: SERVER_ERROR, message });
      setOtherFieldErrors(others);
      const first = INPUT_NAMES.find((name) => matched.some((m) => m.field === name));
      if (first) setFocus(first);
    },
    onSuccess: (result) => {
      const next = mergeBaseline(baseline, form.getValues(), result.record);
      reset(next.values);
      notifications.show({ color: 'teal', message: t('conversations.saved', { id: conversationId }) });
      onSaved(result, next);
    },
  });

  const save = handleSubmit(() => {
    // The body is rebuilt from the same values the schema just accepted.
    const payload = buildUpdateBody(form.getValues(), formState.dirtyFields as DirtyFields, sendAll);
    if (Object.keys(payload).length === 0) return;
    mutation.mutate(payload);
  });

  const hint = (field: FormField) => {
    if (baseline.known.has(field)) return undefined;
    return baseline.seen ? t('conversations.unknown.missing') : t('conversations.unknown.never');
  };

  const textInput = (field: TextField) => {
    const counter = counterText(values[field], TEXT_FIELD_MAX[field]);
    return (
      <TextInput
        label={t(`conversations.field.${field}`)}
        description={hint(field)}
        error={fieldErrorText(field, formState.errors[field], t)}
        autoComplete="off"
        spellCheck={false}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
        rightSectionWidth={88}
        rightSection={
          <Text
            size="xs"
            c={counter.over ? 'red' : 'dimmed'}
            fw={counter.over ? 700 : 400}
            data-testid={`counter-${field}`}
            data-over={counter.over}
          >
            {counter.text}
          </Text>
        }
        rightSectionPointerEvents="none"
        data-unknown={!baseline.known.has(field) || undefined}
        {...register(field)}
      />
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="conversation-update-title">
      <form onSubmit={save} noValidate>
        {/* A disabled fieldset disables every control in it, the submit button included. */}
        <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="sm">
            <Title order={2} size="h4" id="conversation-update-title">
              {t('conversations.update.title')}
            </Title>
            {textInput('title')}
            {textInput('agent_id')}
            {textInput('third_user_id')}
            <Controller
              control={control}
              name="file_ids"
              render={({ field, fieldState }) => (
                <TagsInput
                  label={t('conversations.field.file_ids')}
                  description={hint('file_ids') ?? t('conversations.fileIdsHint')}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  clearable
                  splitChars={[',', ' ']}
                  error={fieldErrorText('file_ids', fieldState.error, t)}
                />
              )}
            />
            <Controller
              control={control}
              name="config.enable_websearch"
              render={({ field, fieldState }) => (
                <Switch
                  label={t('conversations.field.enable_websearch')}
                  description={hint('enable_websearch')}
                  error={fieldErrorText('enable_websearch', fieldState.error, t)}
                  checked={field.value ?? false}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                />
              )}
            />
            <Controller
              control={control}
              name="status"
              render={({ field, fieldState }) => (
                <NumberInput
                  label={t('conversations.field.status')}
                  description={hint('status') ?? t('conversations.statusHint')}
                  value={field.value ?? ''}
                  // An emptied input is "no value", not 0: an unset status is never sent.
                  onChange={(v) => field.onChange(v === '' ? undefined : typeof v === 'number' ? v : Number(v))}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  allowDecimal={false}
                  error={fieldErrorText('status', fieldState.error, t)}
                  inputContainer={narrowInput}
                />
              )}
            />
            <Switch
              label={t('conversations.sendAll')}
              description={t('conversations.sendAllHint')}
              checked={sendAll}
              onChange={(e) => setSendAll(e.currentTarget.checked)}
              color="orange"
            />
            <RawJson value={body} label={t('conversations.preview', { id: conversationId })} maxHeight="14rem" />
            {mutation.isError ? <ErrorState error={mutation.error} title={t('conversations.saveFailed')} /> : null}
            {otherFieldErrors.length > 0 ? (
              <Stack gap={4} data-testid="other-field-errors">
                <Text size="sm" fw={500} c="red">
                  {t('conversations.otherFieldErrors')}
                </Text>
                <List size="sm" spacing={2}>
                  {otherFieldErrors.map((error, i) => (
                    <List.Item key={i}>
                      <Code>{fieldPathText(error) || t('conversations.wholeBody')}</Code> {error.message}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            ) : null}
            <Group justify="space-between" align="center">
              <Text size="sm" c="dimmed">
                {nothingToSend
                  ? t('conversations.nothingChanged')
                  : t('conversations.willSend', { count: Object.keys(body).length })}
              </Text>
              <Button type="submit" loading={mutation.isPending} disabled={nothingToSend}>
                {t('conversations.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}

/** The status input is a short number: only the box is narrowed, its description keeps the full width. */
function narrowInput(input: ReactNode) {
  return <div style={{ maxWidth: 200 }}>{input}</div>;
}
