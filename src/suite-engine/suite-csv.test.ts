import { describe, expect, it } from 'vitest';
import { parseSuiteCsv } from './suite-csv';

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
      'line 1: column 3 "colour" is not one of id, question, contains, contains_any, not_contains, matches, cites_document, not_cites_document, min_sources, min_top_score, max_latency_ms, max_total_tokens',
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
