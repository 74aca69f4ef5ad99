// Both languages of every area, composed statically. The browser never loads this module: it is the
// source of the MessageKey and Area types and of the message-table tests. At run time each (language, area) is
// its own chunk (load.ts): the reader downloads the start-up areas of the language on screen, and each
// page's area with the page.
import type { Locale } from './locales';
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
import { suitesMessages } from './messages/suites';

/** Every area's messages; the key is the file's name (messages/<area>.ts). A new area file is added here and nowhere else. */
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
  suites: suitesMessages,
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
  ...suitesMessages.en,
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
  ...suitesMessages.zhCN,
};

/** One language's full table: every key, no more. */
export type MessageTable = { readonly [K in MessageKey]: string };

export const MESSAGE_TABLES: Record<Locale, MessageTable> = { en, 'zh-CN': zhCN };

export { LOCALES, LOCALE_NAMES, isLocale, type Locale } from './locales';
