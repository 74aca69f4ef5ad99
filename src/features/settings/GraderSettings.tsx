import { Alert, Button, Group, Paper, PasswordInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { graderStore, useGraderSettings } from '../../lib';
import { useT } from '../../i18n';

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
};

/**
 * The LLM that grades suites' `expect.rubric`: any OpenAI-compatible chat endpoint. Its key is held like a token
 * (memory, sessionStorage only when asked); the key field stays empty and "keep" means the key held now is kept.
 */
export function GraderSettings() {
  const t = useT();
  const current = useGraderSettings();
  const [url, setUrl] = useState(current?.url ?? '');
  const [model, setModel] = useState(current?.model ?? '');
  const [key, setKey] = useState('');
  const [rememberKey, setRememberKey] = useState(current?.rememberKey ?? false);
  const [errors, setErrors] = useState<{ url?: string; model?: string }>({});

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const next = {
      url: isHttpUrl(url) ? undefined : t('settings.error.url'),
      model: model.trim() ? undefined : t('settings.error.required'),
    };
    setErrors(next);
    if (next.url || next.model) return;
    graderStore.save({ url, model, rememberKey, ...(key ? { key } : {}) });
    setKey('');
    notifications.show({ color: 'teal', message: t('settings.grader.saved') });
  };
  const remove = () => {
    graderStore.clear();
    setUrl('');
    setModel('');
    setKey('');
    setRememberKey(false);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="grader-settings">
      <Title order={2} size="h4" id="grader-settings">
        {t('settings.grader.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('settings.grader.description')}
      </Text>
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('settings.grader.url')}
            description={t('settings.grader.url.description')}
            inputMode="url"
            value={url}
            error={errors.url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
          <TextInput
            label={t('settings.grader.model')}
            value={model}
            error={errors.model}
            onChange={(e) => setModel(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('settings.grader.key')}
            description={current?.key ? t('settings.grader.key.held') : t('settings.grader.key.description')}
            autoComplete="off"
            value={key}
            onChange={(e) => setKey(e.currentTarget.value)}
          />
          <Switch
            label={t('settings.grader.rememberKey')}
            checked={rememberKey}
            onChange={(e) => setRememberKey(e.currentTarget.checked)}
          />
          {current ? null : (
            <Alert color="gray" variant="light">
              {t('settings.grader.none')}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            {current ? (
              <Button variant="subtle" color="red" onClick={remove}>
                {t('settings.grader.remove')}
              </Button>
            ) : null}
            <Button type="submit">{t('settings.grader.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
