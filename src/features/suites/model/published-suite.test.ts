import { describe, expect, it } from 'vitest';
import { parsePublishedIndex, type PublishedEntry } from '../../../suite-engine';
import { readPublishedSuite } from './published-suite';

describe('suites/index.json', () => {
  it('lists each entry with its format; entries it cannot use are named apart', () => {
    const text = JSON.stringify([
      { file: 'demo.json', name: ' Demo ', description: 'The sandbox demo' },
      { file: 'team/release.yaml' },
      { file: 'cases.csv', space_id: 101 },
      { file: '../secret.json' },
      { file: 'https://elsewhere.example/x.json' },
      { file: 'notes.txt' },
      { file: 'nospace.csv' },
      { name: 'no file' },
    ]);
    const parsed = parsePublishedIndex(`\uFEFF${text}`);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.index.entries).toEqual([
      { file: 'demo.json', format: 'json', name: 'Demo', description: 'The sandbox demo' },
      { file: 'team/release.yaml', format: 'yaml' },
      { file: 'cases.csv', format: 'csv', space_id: '101' },
    ]);
    expect(parsed.index.problems).toEqual([
      'entry 4: "../secret.json" is not a file name below suites/',
      'entry 5: "https://elsewhere.example/x.json" is not a file name below suites/',
      'entry 6: "notes.txt" is not .json, .yaml, .yml or .csv',
      'entry 7: a CSV suite needs "space_id"',
      'entry 8: has no "file"',
    ]);
  });

  it('refuses a file that is not a JSON list', () => {
    expect(parsePublishedIndex('{"file": "a.json"}')).toEqual({
      ok: false,
      error: 'not a JSON list of { file, name?, description? }',
    });
    expect(parsePublishedIndex('[')).toMatchObject({ ok: false, error: expect.stringMatching(/^not valid JSON/) });
  });
});

describe('a published suite file', () => {
  const entry = (file: string, more: Partial<PublishedEntry> = {}): PublishedEntry => ({
    file,
    format: file.endsWith('.csv') ? 'csv' : file.endsWith('.json') ? 'json' : 'yaml',
    ...more,
  });
  it('reads JSON, YAML and CSV into one schema', async () => {
    const json = await readPublishedSuite(
      entry('a.json'),
      JSON.stringify({ name: 'S', space_id: '101', cases: [{ id: 'a', question: 'Q?' }] }),
    );
    expect(json.ok && json.file.name).toBe('S');
    const yaml = await readPublishedSuite(
      entry('r.yaml'),
      'name: Release\nspace_id: 101\ncases:\n  - id: a\n    question: Q?\n    expect: { contains: [yes] }\n',
    );
    expect(yaml.ok && [yaml.file.name, String(yaml.file.space_id)]).toEqual(['Release', '101']);
    expect(yaml.ok && yaml.file.cases[0]!.expect?.contains).toEqual(['yes']);
    const csv = await readPublishedSuite(entry('team/cases.csv', { space_id: '7' }), 'id,question\na,Q?\n');
    expect(csv.ok && csv.file).toMatchObject({ name: 'cases', space_id: '7' });
  });

  it('names what is wrong in a broken file', async () => {
    const yaml = await readPublishedSuite(entry('r.yaml'), 'name: [\n');
    expect(yaml).toMatchObject({ ok: false, errors: [expect.stringMatching(/^\(file\): not valid YAML/)] });
    const json = await readPublishedSuite(entry('a.json'), '{"name": "S"}');
    expect(json.ok).toBe(false);
  });
});

describe('the example published with the console (public/suites/)', () => {
  it('is a valid index whose every file is a valid suite; demo.json is the sandbox demo suite', async () => {
    const { readFileSync } = await import('node:fs');
    const dir = new URL('../../../../public/suites/', import.meta.url);
    const parsed = parsePublishedIndex(readFileSync(new URL('index.json', dir), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.index.problems).toEqual([]);
    for (const e of parsed.index.entries) {
      const checked = await readPublishedSuite(e, readFileSync(new URL(e.file, dir), 'utf8'));
      expect(checked.ok, e.file).toBe(true);
    }
    const demo = new URL('../../../server/fixtures/demo-suite.json', import.meta.url);
    expect(readFileSync(new URL('demo.json', dir), 'utf8')).toBe(readFileSync(demo, 'utf8'));
  });
});
