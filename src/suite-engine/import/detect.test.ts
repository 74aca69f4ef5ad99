import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { otherToolOf } from './detect';

describe('otherToolOf', () => {
  it('tells promptfoo configs and Ragas/DeepEval samples from suite files', () => {
    const yaml = (t: string) => parseYaml(t);
    expect(otherToolOf('promptfooconfig.yaml', "prompts: ['{{question}}']\ntests: []\n", yaml)?.kind).toBe('promptfoo');
    expect(otherToolOf('suite.yaml', 'name: s\nspace_id: "1"\ncases: []\ntests: []\n', yaml)).toBeUndefined();
    expect(otherToolOf('s.json', '[{"user_input":"q"}]')).toMatchObject({ kind: 'samples', format: 'json' });
    expect(otherToolOf('s.jsonl', '{"input":"q"}\n')).toMatchObject({ kind: 'samples', format: 'jsonl' });
    expect(otherToolOf('s.csv', 'user_input,reference\nq,a\n')).toMatchObject({ kind: 'samples', format: 'csv' });
    expect(otherToolOf('suite.csv', 'id,question,input\na,q,x\n')).toBeUndefined();
    expect(otherToolOf('broken.json', '{')).toBeUndefined();
  });

  it('leaves samples over the caps once YAML aliases expand to the suite reader (which refuses them)', () => {
    const yaml = `- &a {user_input: "${'x'.repeat(1024 * 1024)}"}\n${Array.from({ length: 6 }, () => '- *a').join('\n')}\n`;
    expect(otherToolOf('samples.yaml', yaml, (t) => parseYaml(t))).toBeUndefined();
  });
});
