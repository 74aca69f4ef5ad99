import type { FieldError } from 'react-hook-form';
import { DEFAULT_KNOWLEDGE_SETTINGS_PARAM, type ConnectionProfile, type ProfileInput } from '../../lib';
import type { MessageKey, Translate } from '../../i18n';

export const EMPTY_PROFILE: ProfileInput = {
  name: '',
  base_url: '',
  secondary_url: '',
  token: '',
  mode: 'direct',
  knowledgeSettingsParam: DEFAULT_KNOWLEDGE_SETTINGS_PARAM,
  rememberToken: false,
};

export function toFormValues(profile: ConnectionProfile | undefined): ProfileInput {
  if (!profile) return EMPTY_PROFILE;
  return {
    name: profile.name,
    base_url: profile.base_url,
    secondary_url: profile.secondary_url,
    token: profile.token ?? '',
    mode: profile.mode,
    knowledgeSettingsParam: profile.knowledgeSettingsParam,
    rememberToken: profile.rememberToken,
  };
}

/** Form values as a profile, to test a connection before saving. */
export function draftProfile(values: ProfileInput, base?: ConnectionProfile): ConnectionProfile {
  return { id: base?.id ?? 'draft', source: base?.source ?? 'user', ...values };
}

type Field = keyof ProfileInput;

/**
 * The schema (src/lib's ProfileInput) words its errors in English; the form shows them in the
 * reader's language by field and zod issue code, keeping the schema's text for anything unforeseen.
 */
const ERROR_KEYS: Partial<Record<Field, Partial<Record<string, MessageKey>> & { default?: MessageKey }>> = {
  name: {
    too_small: 'settings.error.required',
    invalid_type: 'settings.error.required',
    too_big: 'settings.error.nameTooLong',
  },
  base_url: {
    too_small: 'settings.error.required',
    invalid_type: 'settings.error.required',
    default: 'settings.error.url',
  },
  secondary_url: {
    too_small: 'settings.error.required',
    invalid_type: 'settings.error.required',
    default: 'settings.error.url',
  },
  token: { default: 'settings.error.tokenRequired' },
  knowledgeSettingsParam: {
    too_small: 'settings.error.required',
    invalid_type: 'settings.error.required',
    default: 'settings.error.paramName',
  },
};

export function fieldErrorText(field: Field, error: FieldError | undefined, t: Translate): string | undefined {
  if (!error) return undefined;
  const keys = ERROR_KEYS[field];
  const key = keys?.[String(error.type)] ?? keys?.default;
  return key ? t(key) : error.message || t('settings.error.required');
}
