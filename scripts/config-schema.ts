/**
 * `npm run config-schema`: writes config.schema.json, the JSON Schema of config.json, from the zod schema the console
 * parses it with (ConsoleConfig), so an editor can check and explain a deployment's config.json. JSON has no comments:
 * what each field means is said here, as the schema's descriptions. A field added to ConsoleConfig without a
 * description here (or a description left for a field that is gone) stops the script, and
 * scripts/config-schema.test.ts fails while the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { CALL_BOUNDS } from '../src/api/constants';
import { ConsoleConfig, DEFAULT_KNOWLEDGE_SETTINGS_PARAM } from '../src/lib/profiles/profile';
import { z } from '../src/contract/zod';

export const CONFIG_SCHEMA_FILE = resolve(import.meta.dirname, '..', 'config.schema.json');

/** Keyed by the field's path: `profiles[].name` is the name of each profile. '' is the file itself. */
export const CONFIG_DESCRIPTIONS: Record<string, string> = {
  '': "The Knowledge Console's config.json, served beside index.html and read at start-up, so one build serves any environment. Anyone who can load the site can read it: see profiles[].token.",
  default_profile:
    'The id of the profile the console starts with; a profile the admin chose in this browser wins. Without it (or if no profile has this id), the first profile.',
  profiles:
    'Connection profiles, shown in Settings as "from config.json". Admins may edit them there (kept in their browser) and add their own.',
  'profiles[].id':
    "Unique among the profiles. An admin's edits of this profile and the ids the console remembers under it are kept by this id: keep it once in use.",
  'profiles[].name': "Shown in the header's profile switch and in Settings.",
  'profiles[].base_url':
    'http(s) URL of the host that serves spaces (completions), documents and datasets, e.g. https://api.example.com.',
  'profiles[].secondary_url':
    'http(s) URL of the host that serves conversations and knowledge bases, e.g. https://conversations.example.com.',
  'profiles[].token':
    'Bearer token sent to both hosts. Readable by anyone who can load the site: put one here only for a sandbox or a console only trusted people reach, otherwise leave it out and let each admin enter theirs in Settings. npm run build writes config.json without tokens.',
  'profiles[].mode':
    "direct: the browser calls the hosts, which must send CORS headers. proxied: the browser calls the console's own origin under /__base/ and /__secondary/, forwarded by the dev server, vite preview or deploy/nginx.conf.",
  'profiles[].knowledge_settings_param':
    'Name of get-knowledge\'s "with settings" query parameter, which the service interface does not name.',
  'profiles[].stream_idle_timeout_ms':
    'A streamed answer (playground, suite runs) that sends nothing for this many milliseconds has stalled and ends with an error naming the limit.',
};

/** What the console uses when a profile leaves the field out (src/lib/profiles/store.ts), from the same constants. */
export const CONFIG_DEFAULTS: Record<string, unknown> = {
  'profiles[].mode': 'direct',
  'profiles[].knowledge_settings_param': DEFAULT_KNOWLEDGE_SETTINGS_PARAM,
  'profiles[].stream_idle_timeout_ms': CALL_BOUNDS.streamIdleTimeoutMs,
};

type JsonSchema = { [key: string]: unknown; properties?: Record<string, JsonSchema>; items?: JsonSchema };

/** The JSON Schema of what `schema` accepts as input, each field described from `descriptions`. */
export function configJsonSchema(schema: z.ZodMiniType = ConsoleConfig, descriptions = CONFIG_DESCRIPTIONS) {
  const generated = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
  const unused = new Set(Object.keys(descriptions));
  const describe = (node: JsonSchema, path: string): JsonSchema => {
    const description = descriptions[path];
    if (description === undefined)
      throw new Error(`config-schema: describe ${path || 'the file'} in scripts/config-schema.ts`);
    unused.delete(path);
    const out: JsonSchema = {
      description,
      ...node,
      ...(path in CONFIG_DEFAULTS && { default: CONFIG_DEFAULTS[path] }),
    };
    if (node.properties) {
      out.properties = Object.fromEntries(
        Object.entries(node.properties).map(([key, child]) => [key, describe(child, path ? `${path}.${key}` : key)]),
      );
    }
    if (node.items) out.items = describeItems(node.items, `${path}[]`);
    return out;
  };
  // An array's items are described through their fields ('profiles[].id'), not as a whole.
  const describeItems = (node: JsonSchema, path: string): JsonSchema => ({
    ...node,
    ...(node.properties && {
      properties: Object.fromEntries(
        Object.entries(node.properties).map(([key, child]) => [key, describe(child, `${path}.${key}`)]),
      ),
    }),
  });
  const { $schema, ...rest } = describe(generated, '');
  if (unused.size > 0) throw new Error(`config-schema: no field ${[...unused].join(', ')} any more`);
  return { $schema, title: 'Knowledge Console config.json', ...rest };
}

/** config.schema.json's text as the repository keeps it (prettier's formatting, so `npm run lint` passes). */
export async function configSchemaText(): Promise<string> {
  const options = await resolveConfig(CONFIG_SCHEMA_FILE);
  return format(JSON.stringify(configJsonSchema()), { ...options, filepath: CONFIG_SCHEMA_FILE });
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  writeFileSync(CONFIG_SCHEMA_FILE, await configSchemaText());
  console.log('config-schema: wrote config.schema.json');
}
