import { KC_METADATA } from './import/promptfoo';
import type { Expectations, SuiteFile } from './suite-file';

/**
 * A suite as a promptfoo config (docs/suites.md, "To promptfoo"), so a suite is never locked in here: one prompt
 * `{{question}}`, an HTTP provider posting to the service's completion endpoint with the bearer token as
 * `{{env.NAME}}` (never the token itself), and one test per case. Each expectation with a promptfoo assertion of the
 * same meaning is written as one; the rest (cited documents, sources, scores, token usage, lexical similarity, follow-
 * ups, retrieval metrics) have none: they ride in the test's `metadata.knowledge_console`, which promptfoo keeps and
 * ignores, so importing the config back gives the same cases. `notes` name what promptfoo will not check.
 */
export interface PromptfooExport {
  config: Record<string, unknown>;
  notes: string[];
}

const PROMPT = '{{question}}';

/** The expectations promptfoo checks, as its assertions; the others are returned apart. */
function assertionsOf(expect: Expectations | undefined): { assert: Record<string, unknown>[]; rest: Expectations } {
  const assert: Record<string, unknown>[] = [];
  const rest: Expectations = {};
  for (const [key, value] of Object.entries(expect ?? {}) as [keyof Expectations, never][]) {
    switch (key) {
      // The suite's substring checks ignore case: promptfoo's i-variants do too.
      case 'contains':
        assert.push({ type: 'icontains-all', value });
        break;
      case 'contains_any':
        assert.push({ type: 'icontains-any', value });
        break;
      case 'not_contains':
        assert.push({ type: 'not-icontains-any', value });
        break;
      case 'matches': {
        const literal = /^\/(.*)\/([a-z]*)$/s.exec(value as string);
        // promptfoo's regex takes no flags: a /…/flags pattern with flags stays with the suite.
        if (literal && literal[2]) rest.matches = value;
        else assert.push({ type: 'regex', value: literal ? literal[1] : value });
        break;
      }
      case 'max_latency_ms':
        assert.push({ type: 'latency', threshold: value });
        break;
      case 'rubric':
        assert.push({ type: 'llm-rubric', value });
        break;
      default:
        (rest as Record<string, unknown>)[key] = value;
    }
  }
  return { assert, rest };
}

export function suiteToPromptfoo(file: SuiteFile, service: { baseUrl: string; tokenEnv?: string }): PromptfooExport {
  const notes = new Set<string>();
  const tokenEnv = service.tokenEnv ?? 'KC_TOKEN';
  const url = `${service.baseUrl.replace(/\/+$/, '')}/v1/spaces/completions/${encodeURIComponent(String(file.space_id))}`;
  const { stream, ...defaults } = file.defaults ?? {};
  if (stream) notes.add('defaults.stream: promptfoo reads one JSON answer: the config asks without streaming');
  const tests = file.cases.map((c) => {
    const { assert, rest } = assertionsOf(c.expect);
    for (const key of Object.keys(rest)) notes.add(`${key}: no promptfoo assertion of this meaning (kept in metadata)`);
    const { question, expect: _e, id, ...fields } = c;
    for (const key of Object.keys(fields)) notes.add(`${key}: not run by promptfoo (kept in metadata)`);
    const own = { ...(id ? { id } : {}), ...(Object.keys(rest).length ? { expect: rest } : {}), ...fields };
    return {
      ...(id ? { description: id } : {}),
      vars: { question },
      ...(assert.length ? { assert } : {}),
      ...(Object.keys(own).length ? { metadata: { [KC_METADATA]: own } } : {}),
    };
  });
  const { name, space_id, cases: _c, defaults: _d, ...settings } = file;
  for (const key of Object.keys(settings)) notes.add(`${key}: not run by promptfoo (kept in metadata)`);
  const config = {
    description: name,
    prompts: [PROMPT],
    providers: [
      {
        id: 'https',
        label: `knowledge-console-space-${space_id}`,
        config: {
          url,
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer {{env.${tokenEnv}}}` },
          body: { session_id: '{{sessionId}}', message: '{{prompt}}', ...defaults, stream: false },
          transformResponse: 'json.assistant_message',
        },
      },
    ],
    defaultTest: {
      // promptfoo's documented client-side session: a new session id for each test.
      options: { transformVars: '{ ...vars, sessionId: context.uuid }' },
      metadata: {
        [KC_METADATA]: {
          space_id: String(space_id),
          ...(file.defaults ? { defaults: file.defaults } : {}),
          ...settings,
        },
      },
    },
    tests,
  };
  return { config, notes: [...notes] };
}
