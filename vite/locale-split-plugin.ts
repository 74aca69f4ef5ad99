import { parseAst, type Plugin } from 'vite';

/**
 * Each area's message file (src/i18n/messages/<area>.ts) holds both languages:
 *   export const xMessages = defineMessages({ en: { … }, zhCN: { … } });
 * The message loader (src/i18n/load.ts) imports each of those files with `?locale=en|zhCN`, one chunk per
 * (language, area); for such an import this plugin empties the other language's table, so a browser
 * downloads only the language it shows.
 * Without the plugin (unit tests) the import still works, it just carries both languages.
 */
export const LOCALE_QUERY_RE = /\/src\/i18n\/messages\/[^/?]+\.ts\?locale=(en|zhCN)(?:&|$)/;

export function stripOtherLocales(code: string, keep: string, file = 'messages.ts'): string {
  const program = parseAst(code, { lang: 'ts' }, file);
  const cuts: { start: number; end: number }[] = [];
  let calls = 0;
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as { type?: string; callee?: { type: string; name?: string }; arguments?: unknown[] };
    if (n.type === 'CallExpression' && n.callee?.type === 'Identifier' && n.callee.name === 'defineMessages') {
      const table = n.arguments?.[0] as
        | {
            type: string;
            properties: {
              type: string;
              key: { type: string; name?: string; value?: unknown };
              value: { start: number; end: number };
            }[];
          }
        | undefined;
      if (table?.type !== 'ObjectExpression')
        throw new Error(`${file}: defineMessages() must be called with an object literal`);
      calls += 1;
      for (const prop of table.properties) {
        const name = prop.type === 'Property' ? (prop.key.name ?? String(prop.key.value)) : null;
        if (name !== null && name !== keep && (name === 'en' || name === 'zhCN')) cuts.push(prop.value);
      }
      return;
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(program.body);
  if (calls === 0) throw new Error(`${file}: no defineMessages({ en, zhCN }) call found`);
  let out = code;
  for (const { start, end } of cuts.sort((a, b) => b.start - a.start))
    out = `${out.slice(0, start)}{}${out.slice(end)}`;
  return out;
}

export function localeSplitPlugin(): Plugin {
  return {
    name: 'kc-locale-split',
    // Before the TypeScript transform: the tables are cut in the source as written.
    enforce: 'pre',
    transform(code, id) {
      const match = LOCALE_QUERY_RE.exec(id);
      if (!match) return null;
      return { code: stripOtherLocales(code, match[1]!, id.split('?')[0]), map: null };
    },
  };
}
