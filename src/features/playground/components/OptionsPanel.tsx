import {
  Autocomplete,
  Button,
  Divider,
  Group,
  NumberInput,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useCatalog, type CatalogKind } from '../../../lib';
import { catalogOptions } from '../../../components';
import { useT, type MessageKey } from '../../../i18n';
import { SHOWN_BOUNDS } from '../bounds';
import { defaultOptions, newSessionId, parseContextParams, type PlaygroundOptions } from '../model/options';

export interface OptionsPanelProps {
  options: PlaygroundOptions;
  onChange(next: PlaygroundOptions): void;
  profileId: string | undefined;
  /** Hide the per-session fields (compare columns use the session's). */
  compact?: boolean;
  /**
   * What the service said about options it refused (a 422 naming body fields), shown under each; `key`
   * changes with each refusal, which moves the focus to the first one.
   */
  serviceErrors?: { key: string; errors: Partial<Record<keyof PlaygroundOptions, string>> };
}

/** The options in the order the panel shows them: the first refused one gets the focus. */
const PANEL_ORDER: (keyof PlaygroundOptions)[] = [
  'session_id',
  'conversation_id',
  'external_user_id',
  'stream',
  'refine_question',
  'copilot',
  'only_dataset_tool',
  'retrieval_with_websearch',
  'context_documents_mode',
  'dataset_id',
  'dataset_ids',
  'document_id',
  'document_ids',
  'context_params',
];

type BoolField = 'stream' | 'refine_question' | 'copilot' | 'only_dataset_tool' | 'retrieval_with_websearch';
const BOOL_FIELDS: BoolField[] = [
  'stream',
  'refine_question',
  'copilot',
  'only_dataset_tool',
  'retrieval_with_websearch',
];

/** A field's label is its wire name (what an admin reads in the spec), with a translated explanation. */
function FieldLabel({ name }: { name: string }) {
  return (
    <Text component="span" size="sm" ff="monospace" fw={500}>
      {name}
    </Text>
  );
}

function useCatalogPicker(profileId: string | undefined, kind: CatalogKind) {
  return catalogOptions(useCatalog(profileId, kind), SHOWN_BOUNDS.catalogSuggestions);
}

/** An input with its button beside it (or below it when the panel is narrow), above any error. */
function WithAction({ input, children }: { input: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <div style={{ flex: '1 1 12rem', minWidth: 0 }}>{input}</div>
      {children}
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Divider label={title} labelPosition="left" />
      {children}
    </Stack>
  );
}

/** Every body field of chat completions, with the spec's sample values as defaults. */
export function OptionsPanel({ options, onChange, profileId, compact = false, serviceErrors }: OptionsPanelProps) {
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);
  const refused = serviceErrors?.errors ?? {};
  // Only a refusal that arrives while the panel is open moves the focus (not one restored with the session).
  const seenKey = useRef(serviceErrors?.key);
  useEffect(() => {
    if (!serviceErrors || serviceErrors.key === seenKey.current) return;
    seenKey.current = serviceErrors.key;
    const first = PANEL_ORDER.find((key) => serviceErrors.errors[key] !== undefined);
    if (first) panel.current?.querySelector<HTMLElement>(`[data-option="${first}"]`)?.focus();
  }, [serviceErrors]);
  const marked = (key: keyof PlaygroundOptions) => ({ 'data-option': key, error: refused[key] });
  const set = <K extends keyof PlaygroundOptions>(key: K, value: PlaygroundOptions[K]) =>
    onChange({ ...options, [key]: value });
  const datasets = useCatalogPicker(profileId, 'dataset');
  const documents = useCatalogPicker(profileId, 'document');
  const conversations = useCatalog(profileId, 'conversation');
  const params = parseContextParams(options.context_params);
  const paramsError = params.ok
    ? null
    : params.reason === 'json'
      ? t('playground.options.contextParamsJson', { detail: params.detail ?? '' })
      : t('playground.options.contextParamsObject');
  const describe = (key: string) => t(`playground.options.${key}.hint` as MessageKey);

  return (
    <Stack gap="sm" data-testid="options" ref={panel}>
      {!compact ? (
        <Section title={t('playground.options.session')}>
          <TextInput
            label={<FieldLabel name="session_id" />}
            {...marked('session_id')}
            description={describe('session_id')}
            value={options.session_id}
            onChange={(e) => set('session_id', e.currentTarget.value)}
            error={options.session_id.trim() ? refused.session_id : t('playground.options.required')}
            spellCheck={false}
            inputContainer={(input) => (
              <WithAction input={input}>
                <Button size="xs" variant="default" onClick={() => set('session_id', newSessionId())}>
                  {t('playground.options.newSession')}
                </Button>
              </WithAction>
            )}
          />
          <Autocomplete
            label={<FieldLabel name="conversation_id" />}
            {...marked('conversation_id')}
            description={describe('conversation_id')}
            placeholder={t('playground.options.conversationNone')}
            value={options.conversation_id}
            onChange={(value) => set('conversation_id', value)}
            data={catalogOptions(conversations, SHOWN_BOUNDS.catalogSuggestions).data}
            spellCheck={false}
            inputContainer={(input) => (
              <WithAction input={input}>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => set('conversation_id', '')}
                  disabled={!options.conversation_id}
                >
                  {t('playground.options.newConversation')}
                </Button>
              </WithAction>
            )}
          />
          <TextInput
            label={<FieldLabel name="external_user_id" />}
            {...marked('external_user_id')}
            description={describe('external_user_id')}
            value={options.external_user_id}
            onChange={(e) => set('external_user_id', e.currentTarget.value)}
            spellCheck={false}
          />
        </Section>
      ) : null}

      <Section title={t('playground.options.behaviour')}>
        {BOOL_FIELDS.map((key) => (
          <Switch
            key={key}
            label={<FieldLabel name={key} />}
            {...marked(key)}
            description={describe(key)}
            checked={options[key]}
            onChange={(e) => set(key, e.currentTarget.checked)}
          />
        ))}
        <NumberInput
          label={<FieldLabel name="context_documents_mode" />}
          {...marked('context_documents_mode')}
          description={describe('context_documents_mode')}
          value={options.context_documents_mode}
          onChange={(value) => set('context_documents_mode', typeof value === 'number' ? value : Number.NaN)}
          allowDecimal={false}
          error={
            Number.isInteger(options.context_documents_mode)
              ? refused.context_documents_mode
              : t('playground.options.integer')
          }
        />
      </Section>

      <Section title={t('playground.options.retrieval')}>
        <Text size="xs" c="dimmed">
          {t('playground.options.retrievalHint')}
        </Text>
        <Autocomplete
          label={<FieldLabel name="dataset_id" />}
          {...marked('dataset_id')}
          value={options.dataset_id}
          onChange={(v) => set('dataset_id', v)}
          data={datasets.data}
          renderOption={datasets.renderOption}
          spellCheck={false}
        />
        <TagsInput
          label={<FieldLabel name="dataset_ids" />}
          {...marked('dataset_ids')}
          description={t('playground.options.idsHint')}
          value={options.dataset_ids}
          onChange={(v) => set('dataset_ids', v)}
          data={datasets.data}
          renderOption={datasets.renderOption}
          splitChars={[',', ' ']}
          clearable
        />
        <Autocomplete
          label={<FieldLabel name="document_id" />}
          {...marked('document_id')}
          value={options.document_id}
          onChange={(v) => set('document_id', v)}
          data={documents.data}
          renderOption={documents.renderOption}
          spellCheck={false}
        />
        <TagsInput
          label={<FieldLabel name="document_ids" />}
          {...marked('document_ids')}
          description={t('playground.options.idsHint')}
          value={options.document_ids}
          onChange={(v) => set('document_ids', v)}
          data={documents.data}
          renderOption={documents.renderOption}
          splitChars={[',', ' ']}
          clearable
        />
        <Textarea
          label={<FieldLabel name="context_params" />}
          {...marked('context_params')}
          description={describe('context_params')}
          value={options.context_params}
          onChange={(e) => set('context_params', e.currentTarget.value)}
          error={paramsError ?? refused.context_params}
          autosize
          minRows={2}
          maxRows={8}
          spellCheck={false}
          styles={{
            input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' },
          }}
          data-testid="context-params"
        />
      </Section>
      {!compact ? (
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            onClick={() => onChange({ ...defaultsKeepingSession(options) })}
          >
            {t('playground.options.reset')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** Back to the spec's samples, keeping the session and the conversation being followed. */
function defaultsKeepingSession(options: PlaygroundOptions): PlaygroundOptions {
  return { ...defaultOptions(), session_id: options.session_id, conversation_id: options.conversation_id };
}
