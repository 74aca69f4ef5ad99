import type { MessageTable } from '../catalog';

type Side = 'en' | 'zhCN';

const isAreaMessages = (value: unknown): value is Record<Side, Record<string, string>> =>
  typeof value === 'object' && value !== null && 'en' in value && 'zhCN' in value;

/**
 * One language's table from the area files (as loaded by import.meta.glob): every defineMessages() export
 * contributes its `side`. A file added to src/i18n/messages/ is picked up without being listed anywhere.
 */
export function composeLocale(modules: Record<string, Record<string, unknown>>, side: Side): MessageTable {
  const table: Record<string, string> = {};
  for (const path of Object.keys(modules).sort()) {
    for (const value of Object.values(modules[path]!)) if (isAreaMessages(value)) Object.assign(table, value[side]);
  }
  return table as MessageTable;
}
