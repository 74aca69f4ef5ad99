/**
 * Properties of the modules that read what others wrote (fast-check): the CSV module, the suite-file parser, path
 * ids and the `matches` translator. One definition, run two ways: a few hundred runs with a fixed seed in
 * `npm test` (properties.test.ts), and many more with a random seed in `npm run bench -- properties`
 * (scripts/bench-properties.ts), which prints the seed of any failure so it can be replayed here.
 */
import fc from 'fast-check';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { buildPath, ENDPOINTS, matchPath } from '../contract/endpoints';
import { isPathId } from '../contract/path-id';
import { readCsv, startsFormula, writeCsv, type CsvValue } from '../lib/csv';
import { compileMatches, matchesProblem } from '../suite-engine/pattern-translate';
import { checkSuite, parseSuiteJson, parseSuiteYaml, type SuiteCheck } from '../suite-engine/suite-file';

export interface NamedProperty {
  name: string;
  /** Runs in `npm test` (the bench multiplies them). */
  runs: number;
  property: fc.IProperty<unknown>;
}

const fail = (message: string): never => {
  throw new Error(message);
};
const same = (a: unknown, b: unknown, what: string) => {
  const [x, y] = [JSON.stringify(a), JSON.stringify(b)];
  if (x !== y) fail(`${what}: ${x} ≠ ${y}`);
};

// ── CSV ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Characters that make CSV hard: delimiters, quotes, line ends, formula starters and what can hide them. */
const CSV_CHARS = fc.constantFrom(
  ...'a b,;\t"\n\r=+-@\'1'.split(''),
  '\u200B',
  '\u200D',
  '\uFEFF',
  '\u2060',
  '\u00A0',
  '＝',
  '＋',
  '－',
  '＠',
  '﹦',
  '−',
  '中',
  '😀',
);
const csvText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: CSV_CHARS, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
);
const csvCell: fc.Arbitrary<CsvValue> = fc.oneof(
  { weight: 5, arbitrary: csvText },
  { weight: 1, arbitrary: fc.integer({ min: -1e6, max: 1e6 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
);
const COLUMNS = ['id', 'question', 'answer'];
const csvRows = fc.array(fc.tuple(csvCell, csvCell, csvCell), { maxLength: 12 });

/** What the reader gives back for a written cell: as text, defused, line ends as LF (readCsv's rule). */
const readBack = (v: CsvValue) => {
  const text = v === null || v === undefined ? '' : String(v);
  return (typeof v === 'string' && startsFormula(v) ? `'${text}` : text).replace(/\r\n?/g, '\n');
};

const csvRoundTrip: NamedProperty = {
  name: 'CSV: what writeCsv writes, readCsv reads back (formulas defused, line ends as LF)',
  runs: 150,
  property: fc.property(csvRows, (rows) => {
    const read = readCsv(writeCsv(COLUMNS, rows));
    if (read.problems.length) fail(`problems: ${JSON.stringify(read.problems)}`);
    if (read.delimiter !== ',') fail(`delimiter ${JSON.stringify(read.delimiter)}`);
    const expected = [COLUMNS, ...rows.map((r) => r.map(readBack)).filter((r) => r.some((c) => c.trim() !== ''))];
    same(
      read.rows.map((r) => r.cells),
      expected,
      'read back',
    );
  }),
};

/**
 * A formula start as the spreadsheets see it, written out here rather than taken from csv.ts (so the property
 * tests the module, not itself): after spaces and invisible characters, = + - @ or a look-alike; or a tab or CR.
 */
const INVISIBLE = new Set(['\u00AD', '\u180E', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u2060', '\uFEFF']);
const STARTS = new Set(['=', '+', '-', '@', '＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫', '−']);
function looksLikeFormula(cell: string): boolean {
  if (cell.startsWith('\t') || cell.startsWith('\r')) return true;
  for (const ch of cell) {
    if (/\s/.test(ch) || INVISIBLE.has(ch)) continue;
    return STARTS.has(ch);
  }
  return false;
}

const csvNoFormula: NamedProperty = {
  name: 'CSV: no text cell of a written file starts a formula',
  runs: 150,
  property: fc.property(fc.array(fc.tuple(csvText, csvText), { minLength: 1, maxLength: 8 }), (rows) => {
    for (const row of readCsv(writeCsv(['a', 'b'], rows)).rows.slice(1))
      for (const cell of row.cells) if (looksLikeFormula(cell)) fail(`formula cell ${JSON.stringify(cell)}`);
  }),
};

// ── Suite files ──────────────────────────────────────────────────────────────────────────────────────────────────

const wellFormed = (s: string) => !/[\uD800-\uDFFF]/u.test(s);

const isRefusal = (checked: SuiteCheck) =>
  checked.ok ||
  (checked.errors.length > 0 && checked.errors.every((e) => typeof e === 'string' && e !== '' && !e.includes('\n')));

/** Values near a suite's shape: right keys with any values, nesting, odd strings. */
const nearSuite = fc.record(
  {
    name: fc.oneof(fc.string(), fc.anything()),
    space_id: fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), fc.integer(), fc.anything()),
    defaults: fc.oneof(fc.anything(), fc.record({ context_params: fc.jsonValue() })),
    repeat: fc.oneof(fc.integer(), fc.anything()),
    cases: fc.oneof(
      fc.array(
        fc.record(
          {
            id: fc.string({ unit: 'binary', maxLength: 6 }),
            question: fc.oneof(fc.string(), fc.anything()),
            expect: fc.oneof(
              fc.anything(),
              fc.record({ matches: fc.string({ maxLength: 12 }), contains: fc.array(fc.string()) }),
            ),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 4 },
      ),
      fc.anything(),
    ),
  },
  { requiredKeys: [] },
);

const suiteNeverThrows: NamedProperty = {
  name: 'suite files: any value, JSON text or YAML text is read or refused with one-line messages, never thrown',
  runs: 150,
  property: fc.property(
    fc.oneof(fc.anything(), nearSuite),
    fc.string({ unit: 'binary', maxLength: 40 }),
    (value, text) => {
      if (!isRefusal(checkSuite(value))) fail('checkSuite: not a suite nor one-line refusals');
      if (!isRefusal(parseSuiteJson(text))) fail('parseSuiteJson: not a suite nor one-line refusals');
      if (!isRefusal(parseSuiteYaml(text, parseYaml))) fail('parseSuiteYaml: not a suite nor one-line refusals');
      const json = JSON.stringify(value) ?? '';
      if (!isRefusal(parseSuiteJson(json))) fail('parseSuiteJson(JSON of a value): not one-line refusals');
    },
  ),
};

const PATTERNS = ['\\b14\\s+days\\b', '/14 DAYS/i', '^\\d{3}-\\d{4}$', '(a|b)+', '/\\p{L}+/u'];
const validSuite = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 20 }).filter(wellFormed),
    space_id: fc.oneof(fc.stringMatching(/^[1-9][0-9]{0,14}$/), fc.integer({ min: 0, max: 1e9 })),
    repeat: fc.integer({ min: 1, max: 20 }),
    cases: fc.uniqueArray(
      fc.record(
        {
          id: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
          question: fc.string({ minLength: 1, maxLength: 40 }).filter(wellFormed),
          expect: fc.record(
            {
              contains: fc.array(fc.string({ minLength: 1, maxLength: 10 }).filter(wellFormed), {
                maxLength: 3,
              }),
              matches: fc.constantFrom(...PATTERNS),
              min_sources: fc.nat(5),
            },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: ['question'] },
      ),
      { minLength: 1, maxLength: 5, selector: (c) => c.id ?? Symbol() },
    ),
  },
  { requiredKeys: ['name', 'space_id', 'cases'] },
);

const suiteRoundTrip: NamedProperty = {
  name: 'suite files: a valid suite is read back the same from its JSON and its YAML',
  runs: 60,
  property: fc.property(validSuite, (file) => {
    for (const [how, checked] of [
      ['JSON', parseSuiteJson(JSON.stringify(file))],
      ['YAML', parseSuiteYaml(stringifyYaml(file), parseYaml)],
    ] as const) {
      if (!checked.ok) throw new Error(`${how} refused: ${checked.errors.join('; ')}`);
      same(checked.file, file, how);
    }
  }),
};

// ── Path ids ─────────────────────────────────────────────────────────────────────────────────────────────────────

const ID_CHARS = fc.constantFrom(
  ...'1a./\\?#%2eE&= '.split(''),
  '\u0000',
  '\n',
  '\u007f',
  '\u0085',
  '\uD800',
  '\uDC00',
  '中',
  '😀',
);
const pathId = fc.oneof(
  fc.string({ unit: ID_CHARS, maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('.', '..', '%2e%2e', '%2E.', '.%2e', '..%2f', ''),
);

const DOCUMENT = ENDPOINTS.deleteKnowledgeDocument.pattern;

const pathIds: NamedProperty = {
  name: 'path ids: isPathId and buildPath agree, and a built path stays in its template (one segment, read back)',
  runs: 500,
  property: fc.property(pathId, (id) => {
    let path: string | undefined;
    try {
      path = buildPath(DOCUMENT, { knowledge_id: '5', document_id: id });
    } catch {
      path = undefined;
    }
    if (isPathId(id) !== (path !== undefined)) fail(`isPathId says ${isPathId(id)}, buildPath ${path ?? 'threw'}`);
    if (path === undefined) return;
    const resolved = new URL(path, 'http://service.test/').pathname;
    if (resolved !== path) fail(`the URL parser turns ${path} into ${resolved}`);
    if (!path.startsWith('/v1/knowledge/5/document/') || path.split('/').length !== DOCUMENT.split('/').length)
      fail(`${path} left its template`);
    same(matchPath(DOCUMENT, path), { knowledge_id: '5', document_id: id }, 'read back');
  }),
};

// ── `matches` ────────────────────────────────────────────────────────────────────────────────────────────────────

const CHARACTERS = fc.constantFrom(
  'a',
  'b',
  'A',
  '.',
  '\\d',
  '\\w',
  '\\W',
  '\\s',
  '\\S',
  '[ab]',
  '[^a]',
  '[a-c\\d]',
  '[\\s_]',
  '\\n',
  ' ',
  '\\u0061',
  '\\x62',
  '\\.',
  'é',
);
/** Quantifiers that keep an item consuming (at least one turn), and those that let it match nothing. */
const AT_LEAST_ONCE = fc.constantFrom('', '', '', '+', '{1,2}', '{2}', '+?');
const MAYBE_NONE = fc.constantFrom('*', '?', '*?', '??', '{0,2}');
const ASSERTIONS = fc.constantFrom('^', '$', '\\b', '\\B');

/**
 * Small JavaScript patterns from the syntax the translator maps (no lookaround or backreference: those it refuses).
 * A quantified group always consumes something on each turn: where one can match nothing, JavaScript refuses an
 * empty turn and RE2 takes it (`(?:^|\s)?` on "\n": "\n" against ""), a difference the translator documents and
 * this property leaves out.
 */
type Level = { alt: fc.Arbitrary<string>; solidAlt: fc.Arbitrary<string> };

/** Patterns with groups nested at most `depth` deep. */
function patternsOf(depth: number): Level {
  const inner = depth > 0 ? patternsOf(depth - 1) : undefined;
  const groups = (a: fc.Arbitrary<string>) => [
    a.map((x) => `(${x})`),
    a.map((x) => `(?:${x})`),
    a.map((x) => `(?<g>${x})`),
  ];
  const solidAtom = inner ? fc.oneof(CHARACTERS, CHARACTERS, CHARACTERS, ...groups(inner.solidAlt)) : CHARACTERS;
  const item = fc.oneof(
    fc.tuple(solidAtom, AT_LEAST_ONCE).map(([a, q]) => a + q),
    fc.tuple(solidAtom, MAYBE_NONE).map(([a, q]) => a + q),
    ...(inner ? [inner.alt.map((x) => `(?:${x})`)] : []),
    ASSERTIONS,
  );
  const seq = fc.array(item, { minLength: 1, maxLength: 3 }).map((x) => x.join(''));
  const solidSeq = fc
    .tuple(fc.array(item, { maxLength: 1 }), fc.tuple(solidAtom, AT_LEAST_ONCE), fc.array(item, { maxLength: 1 }))
    .map(([before, [atom, q], after]) => [...before, atom + q, ...after].join(''));
  return {
    alt: fc.array(seq, { minLength: 1, maxLength: 3 }).map((x) => x.join('|')),
    solidAlt: fc.array(solidSeq, { minLength: 1, maxLength: 2 }).map((x) => x.join('|')),
  };
}

// Each named group its own name.
const pattern = patternsOf(2).alt.map((p) => {
  let n = 0;
  return p.replace(/\(\?<g>/g, () => `(?<g${++n}>`);
});

const flags = fc.subarray(['i', 'm', 's', 'u']).map((f) => f.join(''));
const input = fc.string({
  unit: fc.constantFrom('a', 'b', 'A', 'B', '1', ' ', '\n', '_', '.', 'é', 'É'),
  maxLength: 10,
});

const translatorAgrees: NamedProperty = {
  name: 'matches: a translated pattern finds what JavaScript finds (where and what), on generated patterns and answers',
  runs: 200,
  property: fc.property(pattern, flags, input, (source, f, text) => {
    const written = `/${source}/${f}`;
    const re2 = compileMatches(written);
    if (!re2) fail(`refused ${written}: ${matchesProblem(written)}`);
    const js = new RegExp(source, f).exec(text);
    const got = re2!.exec(text) as RegExpExecArray | null;
    same(got ? [got.index, got[0]] : null, js ? [js.index, js[0]] : null, `${written} on ${JSON.stringify(text)}`);
  }),
};

export const PROPERTIES: readonly NamedProperty[] = [
  csvRoundTrip,
  csvNoFormula,
  suiteNeverThrows,
  suiteRoundTrip,
  pathIds,
  translatorAgrees,
];

/** The seed `npm test` runs them with: a failure there is the same failure on every machine. */
export const PROPERTY_SEED = 20_261_127;
