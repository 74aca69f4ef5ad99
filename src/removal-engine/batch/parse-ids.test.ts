import { describe, expect, it } from 'vitest';
import { BULK_BOUNDS } from './bounds';
import { parseIds, sourceOfFile } from './parse-ids';

describe('parseIds', () => {
  it('takes ids separated by newlines, commas, semicolons, spaces and tabs; ignores blanks', () => {
    const parsed = parseIds('831\n832, 833;834 835\t836\r\n\n  \n837,,');
    expect(parsed.ids).toEqual(['831', '832', '833', '834', '835', '836', '837']);
    expect(parsed.refused).toEqual([]);
    expect(parsed.header).toBeUndefined();
  });

  it('merges duplicates, keeping the first position', () => {
    const parsed = parseIds('2\n1\n2\n3\n1\n1');
    expect(parsed.ids).toEqual(['2', '1', '3']);
    expect(parsed.duplicates).toBe(3);
  });

  it('refuses what is not a plausible id, with the reason and line', () => {
    const long = '9'.repeat(BULK_BOUNDS.idMaxLength + 1);
    const parsed = parseIds(`831\nabc 83-1\n${long}\n12.5 "832"`);
    expect(parsed.ids).toEqual(['831', '832']);
    expect(parsed.refused).toEqual([
      { value: 'abc', line: 2, reason: 'not_numeric' },
      { value: '83-1', line: 2, reason: 'not_numeric' },
      { value: long, line: 3, reason: 'too_long' },
      { value: '12.5', line: 4, reason: 'not_numeric' },
    ]);
  });

  it(`takes at most ${BULK_BOUNDS.maxIds} ids and refuses the rest as over the limit`, () => {
    const n = BULK_BOUNDS.maxIds;
    const text = Array.from({ length: n + 3 }, (_, i) => String(1000 + i)).join('\n') + '\n1000';
    const parsed = parseIds(text);
    expect(parsed.ids).toHaveLength(n);
    expect(parsed.refused.map((r) => [r.value, r.reason])).toEqual([
      [String(1000 + n), 'over_limit'],
      [String(1001 + n), 'over_limit'],
      [String(1002 + n), 'over_limit'],
    ]);
    // A repeat is a duplicate, not a further refusal.
    expect(parsed.duplicates).toBe(1);
  });

  it('reads the first column of a CSV and skips its header row', () => {
    const csv = '\uFEFFdocument_id,name,notes\r\n831,"Guide, v2",x\r\n"832",b\r\n831,again\r\n"8 33",c\r\n';
    const parsed = parseIds(csv, 'csv');
    expect(parsed.header).toBe('document_id,name,notes');
    expect(parsed.ids).toEqual(['831', '832']);
    expect(parsed.duplicates).toBe(1);
    expect(parsed.refused).toEqual([{ value: '8 33', line: 5, reason: 'not_numeric' }]);
  });

  it('reads a CSV saved with semicolons (a European Excel) or tabs by its first column', () => {
    const semi = parseIds('\uFEFFdocument_id;name\r\n831;Guide, v2\r\n"832";"a;b"\r\n', 'csv');
    expect(semi).toEqual({ ids: ['831', '832'], refused: [], duplicates: 0, header: 'document_id;name' });
    const tab = parseIds('document_id\tname\n831\tGuide, v2\nDOC-7\tx\n', 'csv');
    expect(tab).toMatchObject({ ids: ['831'], refused: [{ value: 'DOC-7', line: 3, reason: 'not_numeric' }] });
  });

  it('a CSV without a header keeps its first row', () => {
    expect(parseIds('831,a\n832,b', 'csv')).toMatchObject({ ids: ['831', '832'], header: undefined });
  });

  it('recognises a header line in pasted text only when it names an id column', () => {
    expect(parseIds('Document ID\n831\n832')).toMatchObject({ ids: ['831', '832'], header: 'Document ID' });
    expect(parseIds('ids\n831')).toMatchObject({ ids: ['831'], header: 'ids' });
    // Any other word on the first line is refused like elsewhere.
    const parsed = parseIds('hello\n831');
    expect(parsed.header).toBeUndefined();
    expect(parsed.refused).toEqual([{ value: 'hello', line: 1, reason: 'not_numeric' }]);
  });

  it('reads .csv files as CSV and anything else as text', () => {
    expect(sourceOfFile('audit.CSV')).toBe('csv');
    expect(sourceOfFile('ids.txt')).toBe('text');
  });
});
