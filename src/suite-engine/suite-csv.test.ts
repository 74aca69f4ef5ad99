import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readCsv } from '../lib/csv';
import { parseSuiteCsv, suiteToCsv } from './suite-csv';
import type { SuiteFile } from './suite-file';

const meta = { name: 'From CSV', space_id: '101' };

describe('CSV import', () => {
  it('reads the common header, `|` lists, quoted cells and CRLF', () => {
    const csv =
      'id,question,contains,cites_document\r\n' +
      'battery,"How long does it last, on a full charge?",14 days|about,831506272047403\r\n' +
      'quote,"She said ""hi""",,\r\n';
    const checked = parseSuiteCsv(csv, meta);
    if (!checked.ok) throw new Error(checked.errors.join('\n'));
    expect(checked.file.cases).toEqual([
      {
        id: 'battery',
        question: 'How long does it last, on a full charge?',
        expect: { contains: ['14 days', 'about'], cites_document: ['831506272047403'] },
      },
      { id: 'quote', question: 'She said "hi"' },
    ]);
    expect(checked.file.name).toBe('From CSV');
  });

  it('takes any assertion as a column, numbers as numbers', () => {
    const checked = parseSuiteCsv('question,min_sources,matches,max_latency_ms\nQ?,2,/days/i,900\n', meta);
    if (!checked.ok) throw new Error(checked.errors.join('\n'));
    expect(checked.file.cases[0]).toEqual({
      question: 'Q?',
      expect: { min_sources: 2, matches: '/days/i', max_latency_ms: 900 },
    });
  });

  it('reports problems with their line: columns, cell counts, and the schema’s messages', () => {
    const bad = (csv: string) => {
      const checked = parseSuiteCsv(csv, meta);
      return checked.ok ? [] : checked.errors;
    };
    expect(bad('')).toEqual(['line 1: the file is empty (expected a header id,question,…)']);
    expect(bad('id,question,colour\n')).toEqual([
      'line 1: column 3 "colour" is not one of id, question, contains, contains_any, not_contains, matches, cites_document, not_cites_document, min_sources, min_top_score, max_latency_ms, max_total_tokens, max_ttft_ms, stream_completes, abstains, similar_to, similar_to_min, rubric, relevant_documents, k, repeat, pass_at_least, options, follow_ups, suite',
    ]);
    expect(bad('id,contains\n')).toEqual(['line 1: the header has no "question" column']);
    expect(bad('id,question\na,Q,extra\n')).toEqual(['line 2: 3 cells, but the header has 2']);
    // The file's shape first: the schema's messages follow once every line has its cells.
    expect(bad('id,question,matches\na,Q,(\n"b",\n')).toEqual(['line 3: 2 cells, but the header has 3']);
    expect(bad('id,question,matches\na,Q,(\nb,"multi\nline",\n')).toEqual([
      'line 2: cases[0].expect.matches: not a valid regular expression (case "a")',
    ]);
    expect(bad('id,question\na,Q\na,R\n')).toEqual(['line 3: cases[1].id: "a" is already the id of cases[0]']);
  });

  it('reads a file a European Excel saved: BOM, semicolons, CRLF, Chinese text', () => {
    const csv =
      '\ufeffid;question;contains;min_top_score\r\n' +
      'battery;"Wie lange hält er; ungefähr?";14 Tage|vierzehn;0,5\r\n' +
      'zh;电池能用多久？;14天;\r\n';
    const checked = parseSuiteCsv(csv, meta);
    if (!checked.ok) throw new Error(checked.errors.join('\n'));
    expect(checked.file.cases).toEqual([
      {
        id: 'battery',
        question: 'Wie lange hält er; ungefähr?',
        expect: { contains: ['14 Tage', 'vierzehn'], min_top_score: 0.5 },
      },
      { id: 'zh', question: '电池能用多久？', expect: { contains: ['14天'] } },
    ]);
  });

  it('reads a tab-separated file (copied from a spreadsheet)', () => {
    const checked = parseSuiteCsv('question\tcontains\nHow long, exactly?\t14 days\n', meta);
    if (!checked.ok) throw new Error(checked.errors.join('\n'));
    expect(checked.file.cases).toEqual([{ question: 'How long, exactly?', expect: { contains: ['14 days'] } }]);
  });

  it('refuses an empty case id where the file has an id column, and a cited document id that is not digits', () => {
    const checked = parseSuiteCsv(
      'id,question,cites_document\n' +
        'a,Q,831506272047403\n' +
        ',R,\n' +
        'c,S,831506272047403|abc\n' +
        '" ",T,12 34\n',
      meta,
    );
    expect(checked).toEqual({
      ok: false,
      errors: [
        'line 3: the id cell is empty (with an id column every case needs its own id: fill it in, or drop the column)',
        'line 4: cites_document "abc" is not a document id (document ids are digits, e.g. 831506272047403)',
        'line 5: the id cell is empty (with an id column every case needs its own id: fill it in, or drop the column)',
        'line 5: cites_document "12 34" is not a document id (document ids are digits, e.g. 831506272047403)',
      ],
    });
    // Without an id column the cases have none, as in a JSON file: the runner numbers them.
    const noIds = parseSuiteCsv('question,cites_document\nQ,831506272047403\n', meta);
    if (!noIds.ok) throw new Error(noIds.errors.join('\n'));
    expect(noIds.file.cases).toEqual([{ question: 'Q', expect: { cites_document: ['831506272047403'] } }]);
  });

  it('refuses a quoted cell that is never closed, naming its line', () => {
    expect(parseSuiteCsv('id,question\na,Q\nb,"open\nc,R\n', meta)).toEqual({
      ok: false,
      errors: ['line 3: a quoted cell is never closed (a missing ")'],
    });
  });
});

/** A suite that sets every field of the schema, with text a CSV must carry: delimiters, quotes, formulas, `|`. */
const EVERY_FIELD: SuiteFile = {
  name: 'From CSV',
  space_id: '101',
  defaults: { stream: true, context_documents_mode: 2 },
  repeat: 3,
  pass_at_least: 2,
  k: 5,
  gate: { min_pass_rate: 0.9, min_hit_rate: 0.5, min_mrr: 0.4 },
  variants: [{ id: 'json', options: { stream: false } }, { id: 'streamed' }],
  cases: [
    {
      id: 'battery',
      question: 'How long, exactly; on a "full" charge?',
      options: { dataset_ids: ['7', '8'], refine_question: false, context_params: { top_k: 3 } },
      expect: {
        contains: ['14 days', 'a|b'],
        contains_any: ['about', 'roughly'],
        not_contains: ['=SUM(A1)', '-1+1'],
        matches: '/\\b14\\s+days\\b/i',
        cites_document: ['831506272047403'],
        min_sources: 1,
        min_top_score: -0.25,
        max_latency_ms: 1500.5,
        max_total_tokens: 4000,
        similar_to: { text: 'The battery lasts 14 days, on a full charge.', min: 0.35 },
        rubric: 'States 14 days;\nmentions the screen.',
      },
      follow_ups: [{ question: 'And always on?', expect: { contains: ['2 days'] } }, { question: 'Charging time?' }],
      repeat: 4,
      pass_at_least: 3,
      relevant_documents: ['831506272047403', '831506272047404'],
      k: 3,
    },
    { id: '42', question: '- A question pasted from a list', expect: { contains: ['[not json'] } },
  ],
};

describe('CSV export', () => {
  it('writes a column for every field, and reads back the same suite', () => {
    const csv = suiteToCsv(EVERY_FIELD);
    expect(readCsv(csv).rows[0]!.cells).toEqual([
      'id',
      'question',
      'contains',
      'contains_any',
      'not_contains',
      'matches',
      'cites_document',
      'min_sources',
      'min_top_score',
      'max_latency_ms',
      'max_total_tokens',
      'similar_to',
      'similar_to_min',
      'rubric',
      'relevant_documents',
      'k',
      'repeat',
      'pass_at_least',
      'options',
      'follow_ups',
      'suite',
    ]);
    // Formulas stay defused in the file; `|` inside a value makes the cell a JSON list.
    expect(csv).toContain(`"'=SUM(A1)|-1+1"`);
    expect(csv).toContain(`"'- A question pasted from a list"`);
    expect(csv).toContain('"[""14 days"",""a|b""]"');
    const back = parseSuiteCsv(csv, meta);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    expect(back.file).toEqual(EVERY_FIELD);
  });

  it('reads numeric document ids as their text (one id rule), and a suite cell only on the first line', () => {
    const numeric: SuiteFile = {
      ...meta,
      cases: [{ id: 'a', question: 'Q', relevant_documents: [831506272047403] }],
    };
    const back = parseSuiteCsv(suiteToCsv(numeric), meta);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    expect(back.file.cases[0]!.relevant_documents).toEqual(['831506272047403']);
    expect(parseSuiteCsv('question,relevant_documents\nQ,"[831506272047403, ""abc""]"\n', meta)).toEqual({
      ok: false,
      errors: ['line 2: relevant_documents "abc" is not a document id (document ids are digits, e.g. 831506272047403)'],
    });
    // Every id column under the one rule, not_cites_document too (one id or a list), and kept by the export.
    const ids: SuiteFile = {
      ...meta,
      cases: [{ id: 'b', question: 'Q', expect: { cites_document: [42, ' 7 '], not_cites_document: 831506272047403 } }],
    };
    const idsBack = parseSuiteCsv(suiteToCsv(ids), meta);
    if (!idsBack.ok) throw new Error(idsBack.errors.join('\n'));
    expect(idsBack.file.cases[0]!.expect).toEqual({
      cites_document: ['42', '7'],
      not_cites_document: ['831506272047403'],
    });
    // A number past 2^53 in a JSON list cell is no id (its digits are not the ones written), nor is a fraction.
    expect(parseSuiteCsv('question,not_cites_document\nQ,"[9007199254740993, 1.5]"\n', meta)).toEqual({
      ok: false,
      errors: [
        'line 2: not_cites_document "9007199254740992" is not a document id (document ids are digits, e.g. 831506272047403)',
        'line 2: not_cites_document "1.5" is not a document id (document ids are digits, e.g. 831506272047403)',
      ],
    });
    expect(parseSuiteCsv('question,suite\nQ,"{""repeat"":2}"\nR,"{""repeat"":3}"\n', meta)).toEqual({
      ok: false,
      errors: ["line 3: the suite cell belongs on the first case's line"],
    });
    expect(parseSuiteCsv('question,options\nQ,{stream\n', meta)).toMatchObject({
      ok: false,
      errors: [expect.stringMatching(/^line 2: options is not JSON \(/)],
    });
  });

  it('round-trips any suite of text fields (property)', () => {
    // Cells are trimmed when read, and a leading ' before = + - @ is a spreadsheet's text mark (docs/suites.md):
    // the texts here have neither.
    const text = fc
      .string({ minLength: 1, maxLength: 30 })
      .filter((s) => s.trim() === s && s.length > 0 && !s.startsWith("'"));
    const caseArb = fc.record(
      {
        id: text,
        question: text,
        expect: fc.record(
          {
            contains: fc.array(text, { minLength: 1, maxLength: 3 }),
            not_contains: fc.array(text, { minLength: 1, maxLength: 3 }),
            rubric: text,
            similar_to: fc.record({ text, min: fc.double({ min: 0, max: 1, noNaN: true }) }),
            min_top_score: fc.double({ min: -1, max: 1, noNaN: true, noDefaultInfinity: true }),
            max_ttft_ms: fc.integer({ min: 1, max: 60_000 }),
            stream_completes: fc.constant(true as const),
            abstains: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
        relevant_documents: fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }).map(String), {
          minLength: 1,
          maxLength: 3,
        }),
        repeat: fc.integer({ min: 1, max: 20 }),
      },
      { requiredKeys: ['id', 'question'] },
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(caseArb, { minLength: 1, maxLength: 4, selector: (c) => c.id }),
        fc.option(
          fc.dictionary(fc.constantFrom('en', 'zh', 'de-CH'), fc.array(text, { minLength: 1, maxLength: 2 }), {
            minKeys: 1,
          }),
          { nil: undefined },
        ),
        (cases, phrases) => {
          const file = { ...meta, ...(phrases ? { abstention_phrases: phrases } : {}), cases } as SuiteFile;
          const back = parseSuiteCsv(suiteToCsv(file), meta);
          if (!back.ok) throw new Error(back.errors.join('\n'));
          // -0 is written as 0: the same number to a suite.
          expect(JSON.parse(JSON.stringify(back.file))).toEqual(JSON.parse(JSON.stringify(file)));
        },
      ),
      { seed: 8, numRuns: 200 },
    );
  });
});
