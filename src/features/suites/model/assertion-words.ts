import type { MessageKey, Translate } from '../../../i18n';

/**
 * An assertion's detail in the admin's language. The engine writes it in English (the command line and the JUnit
 * report read it as is); the console reads its few shapes back and says them with its messages. The quoted values,
 * ids and figures are kept as written; a detail of another shape is shown as it is.
 */
const FIXED: Record<string, MessageKey> = {
  'all found': 'suites.assert.allFound',
  'none found': 'suites.assert.noneFound',
  'all cited': 'suites.assert.allCited',
  'no source has a score': 'suites.assert.noScore',
  'no token usage in the answer': 'suites.assert.noUsage',
  'the answer is empty': 'suites.assert.empty',
  answered: 'suites.assert.answered',
  'cites no source': 'suites.assert.citesNone',
  'the stream ended with its final event': 'suites.assert.streamComplete',
  'the stream ended before its final event': 'suites.assert.streamCut',
  'the stream sent an error event': 'suites.assert.streamErrorEvent',
  'the service answered with one JSON body, not a stream': 'suites.assert.notStreamed',
  'no stream was read': 'suites.assert.noStream',
};

const SHAPES: [RegExp, MessageKey][] = [
  [/^missing (.+)$/s, 'suites.assert.missing'],
  [/^found (.+)$/s, 'suites.assert.found'],
  [/^none of (.+)$/s, 'suites.assert.noneOf'],
  [/^matched (.+)$/s, 'suites.assert.matched'],
  [/^no match for (.+)$/s, 'suites.assert.noMatch'],
  [/^not cited: (.+)$/s, 'suites.assert.notCited'],
  [/^(\d+) sources?$/, 'suites.assert.sources'],
  [/^top score (.+)$/, 'suites.assert.topScore'],
  [/^(\d+) tokens$/, 'suites.assert.tokens'],
  [/^similarity (.+)$/, 'suites.assert.similarity'],
  [/^cites (\d+) sources?$/, 'suites.assert.cites'],
  [/^first text after (.+)$/, 'suites.assert.firstText'],
];

export function assertionDetail(t: Translate, detail: string | undefined): string {
  if (!detail) return '';
  const fixed = FIXED[detail];
  if (fixed) return t(fixed);
  for (const [shape, key] of SHAPES) {
    const m = shape.exec(detail);
    if (m) return t(key, { value: m[1]! });
  }
  return detail;
}
