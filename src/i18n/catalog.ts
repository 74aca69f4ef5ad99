import { activityMessages } from './messages/activity';
import { catalogMessages } from './messages/catalog';
import { commonMessages } from './messages/common';
import { conversationsMessages } from './messages/conversations';
import { datasetsMessages } from './messages/datasets';
import { documentsMessages } from './messages/documents';
import { knowledgeMessages } from './messages/knowledge';
import { playgroundMessages } from './messages/playground';
import { settingsMessages } from './messages/settings';
import { shellMessages } from './messages/shell';

/** Every area's messages. A new area file is added here and nowhere else. */
export const AREAS = {
  common: commonMessages,
  shell: shellMessages,
  settings: settingsMessages,
  knowledge: knowledgeMessages,
  datasets: datasetsMessages,
  documents: documentsMessages,
  conversations: conversationsMessages,
  playground: playgroundMessages,
  activity: activityMessages,
  catalog: catalogMessages,
} as const;

export const en = {
  ...commonMessages.en,
  ...shellMessages.en,
  ...settingsMessages.en,
  ...knowledgeMessages.en,
  ...datasetsMessages.en,
  ...documentsMessages.en,
  ...conversationsMessages.en,
  ...playgroundMessages.en,
  ...activityMessages.en,
  ...catalogMessages.en,
};

/** Every message key; `t()` accepts only these, so a typo is a type error. */
export type MessageKey = keyof typeof en;

export const zhCN: { readonly [K in MessageKey]: string } = {
  ...commonMessages.zhCN,
  ...shellMessages.zhCN,
  ...settingsMessages.zhCN,
  ...knowledgeMessages.zhCN,
  ...datasetsMessages.zhCN,
  ...documentsMessages.zhCN,
  ...conversationsMessages.zhCN,
  ...playgroundMessages.zhCN,
  ...activityMessages.zhCN,
  ...catalogMessages.zhCN,
};

export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language named in itself, for the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文' };

export const CATALOG: Record<Locale, { readonly [K in MessageKey]: string }> = { en, 'zh-CN': zhCN };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
