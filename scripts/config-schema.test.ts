import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConsoleConfig } from '../src/lib/profiles/profile';
import { parseConsoleConfig } from '../src/lib/profiles/config';
import { z } from '../src/contract/zod';
import { CONFIG_DESCRIPTIONS, CONFIG_SCHEMA_FILE, configJsonSchema, configSchemaText } from './config-schema';

const root = resolve(import.meta.dirname, '..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(resolve(root, file), 'utf8'));

describe('config.schema.json', () => {
  it('is what `npm run config-schema` writes from the zod schema now (run it after changing ConsoleConfig)', async () => {
    expect(readFileSync(CONFIG_SCHEMA_FILE, 'utf8')).toBe(await configSchemaText());
  });

  it('describes every field: a field added to ConsoleConfig without a description, or one described but gone, stops the script', () => {
    const grown = z.extend(ConsoleConfig, { theme: z.optional(z.string()) });
    expect(() => configJsonSchema(grown)).toThrow('describe theme in scripts/config-schema.ts');
    const stale = { ...CONFIG_DESCRIPTIONS, 'profiles[].colour': 'A field that is gone.' };
    expect(() => configJsonSchema(ConsoleConfig, stale)).toThrow('no field profiles[].colour any more');
  });
});

describe('the configurations in the repository', () => {
  it.each(['config.example.json', 'public/config.json'])('%s is one the console accepts', (file) => {
    expect(() => parseConsoleConfig(readJson(file), file)).not.toThrow();
  });

  it('config.example.json is one to deploy: no token, both modes, every optional field shown', () => {
    const example = parseConsoleConfig(readJson('config.example.json'));
    expect(example.profiles.map((p) => p.token)).toEqual([undefined, undefined]);
    expect(example.profiles.map((p) => p.mode ?? 'direct')).toEqual(['direct', 'proxied']);
    const fields = new Set(example.profiles.flatMap((p) => Object.keys(p)));
    const described = Object.keys(configJsonSchema().properties?.profiles?.items?.properties ?? {});
    expect([...fields].sort()).toEqual(described.filter((f) => f !== 'token').sort());
  });
});
