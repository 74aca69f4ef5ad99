import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, PasswordInput, Radio, Stack, Switch, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { connectionStore, ProfileInput, type ConnectionProfile } from '../../lib';
import { testConnection, type HostCheck } from '../../api';
import { useT } from '../../i18n';
import { ConnectionTestResults } from './ConnectionTestResults';
import { draftProfile, fieldErrorText, toFormValues } from './form-values';

export interface ProfileFormProps {
  /** The profile being edited; absent to add one. */
  profile?: ConnectionProfile;
  onDone: (saved?: ConnectionProfile) => void;
}

/** Adds or edits a connection profile. Nothing is saved while a field is invalid; a failed save keeps what was typed. */
export function ProfileForm({ profile, onDone }: ProfileFormProps) {
  const t = useT();
  const form = useForm({
    resolver: zodResolver(ProfileInput),
    defaultValues: toFormValues(profile),
    // Validating on blur would move the Save button under the pointer (an error line appears) and swallow the click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, formState, setError, getValues, trigger } = form;
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<{ base: HostCheck; secondary: HostCheck } | null>(null);
  const err = (field: keyof ProfileInput) => fieldErrorText(field, formState.errors[field], t);

  const save = handleSubmit((values) => {
    try {
      const saved = connectionStore.saveProfile(values, profile?.id);
      notifications.show({ color: 'teal', message: t('settings.saved', { name: saved.name }) });
      onDone(saved);
    } catch (error) {
      setError('root', {
        message: t('settings.saveFailed', { reason: error instanceof Error ? error.message : String(error) }),
      });
    }
  });

  const test = async () => {
    if (!(await trigger())) return;
    setTesting(true);
    setTestResult(null);
    try {
      setTestResult(await testConnection(draftProfile(ProfileInput.parse(getValues()), profile)));
    } finally {
      setTesting(false);
    }
  };

  const titleId = profile ? `profile-form-${profile.id}` : 'profile-form-new';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        {profile ? t('settings.editProfile', { name: profile.name }) : t('settings.newProfile')}
      </Title>
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <TextInput label={t('settings.field.name')} withAsterisk error={err('name')} {...register('name')} />
          <TextInput
            label={t('settings.field.base_url')}
            description={t('settings.field.base_url.description')}
            withAsterisk
            inputMode="url"
            error={err('base_url')}
            {...register('base_url')}
          />
          <TextInput
            label={t('settings.field.secondary_url')}
            description={t('settings.field.secondary_url.description')}
            withAsterisk
            inputMode="url"
            error={err('secondary_url')}
            {...register('secondary_url')}
          />
          <PasswordInput
            label={t('settings.field.token')}
            description={t('settings.field.token.description')}
            withAsterisk
            autoComplete="off"
            error={err('token')}
            {...register('token')}
          />
          <Controller
            control={control}
            name="mode"
            render={({ field }) => (
              <Radio.Group
                label={t('settings.field.mode')}
                description={t('settings.field.mode.description')}
                value={field.value}
                onChange={(v) => field.onChange(v)}
                name={field.name}
              >
                <Group mt={6} gap="lg">
                  <Radio value="direct" label={t('settings.mode.direct')} />
                  <Radio value="proxied" label={t('settings.mode.proxied')} />
                </Group>
              </Radio.Group>
            )}
          />
          <TextInput
            label={t('settings.field.knowledgeSettingsParam')}
            description={t('settings.field.knowledgeSettingsParam.description')}
            withAsterisk
            error={err('knowledgeSettingsParam')}
            {...register('knowledgeSettingsParam')}
          />
          <Controller
            control={control}
            name="rememberToken"
            render={({ field }) => (
              <Switch
                label={t('settings.field.rememberToken')}
                description={t('settings.field.rememberToken.description')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                onBlur={field.onBlur}
                name={field.name}
              />
            )}
          />
          {formState.errors.root?.message ? (
            <Alert color="red" variant="light" role="alert">
              {formState.errors.root.message}
            </Alert>
          ) : null}
          {testResult ? <ConnectionTestResults result={testResult} mode={getValues('mode')} /> : null}
          <Group justify="space-between" mt="xs">
            <Button variant="default" onClick={() => void test()} loading={testing}>
              {t('settings.testConnection')}
            </Button>
            <Group gap="xs">
              <Button variant="subtle" onClick={() => onDone()}>
                {t('common.cancel')}
              </Button>
              <Button type="submit">{t('common.save')}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
