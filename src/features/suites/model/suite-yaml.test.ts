import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isYamlFile, readSuiteYaml } from './suite-yaml';

describe('a YAML suite file (imported or published)', () => {
  it('reads the demo release gate into the one schema: relevant_documents, similar_to, pass_at_least, gate', async () => {
    const text = readFileSync(new URL('../../../server/fixtures/demo-suite.yaml', import.meta.url), 'utf8');
    const checked = await readSuiteYaml(`\uFEFF${text}`);
    if (!checked.ok) throw new Error(checked.errors.join('\n'));
    expect(checked.file).toMatchObject({
      name: 'Beacon release gate',
      space_id: '101',
      repeat: 2,
      pass_at_least: 1,
      gate: { min_pass_rate: 1, min_hit_rate: 0.75, min_mrr: 0.5 },
    });
    const first = checked.file.cases[0]!;
    expect(first.relevant_documents?.map(String)).toEqual(['831506272047403']);
    expect(first.expect?.similar_to).toMatchObject({ min: 0.1 });
  });

  it('names what is wrong: broken YAML, or YAML that is not a suite', async () => {
    expect(await readSuiteYaml('name: [\n')).toMatchObject({
      ok: false,
      errors: [expect.stringMatching(/^\(file\): not valid YAML/)],
    });
    expect((await readSuiteYaml('name: S\ncases: []\n')).ok).toBe(false);
  });

  it('is chosen by the file name or type', () => {
    expect(isYamlFile({ name: 'gate.yaml', type: '' })).toBe(true);
    expect(isYamlFile({ name: 'GATE.YML', type: '' })).toBe(true);
    expect(isYamlFile({ name: 'suite', type: 'application/x-yaml' })).toBe(true);
    expect(isYamlFile({ name: 'suite.json', type: 'application/json' })).toBe(false);
  });
});
