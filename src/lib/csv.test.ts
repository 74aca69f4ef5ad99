import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvChunks, readCsv, writeCsv } from './csv';

const cellsOf = (text: string) => readCsv(text).rows.map((r) => r.cells);

describe('writeCsv', () => {
  it('defuses every cell a spreadsheet would run as a formula, with a leading quote', () => {
    const risky = ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', '  =HYPERLINK("x")', ' \t+1', '-5'];
    const csv = writeCsv(
      ['value'],
      risky.map((v) => [v]),
    );
    expect(cellsOf(csv).slice(1)).toEqual(risky.map((v) => [`'${v}`.replace(/\r/g, '\n')]));
    // The raw text: each defused cell is quoted, so the quote is the cell's first character.
    expect(csv).toContain('\r\n"\'=1+1"\r\n"\'+1+1"\r\n"\'-1+1"\r\n"\'@SUM(A1)"\r\n');
    expect(csv).toContain('\r\n"\'  =HYPERLINK(""x"")"\r\n');
  });

  it('defuses formulas hidden behind zero-width or format characters, and full-width or small look-alikes', () => {
    const hidden = [
      '\u200B=1+1',
      '\u200C+1',
      '\u200D-1',
      '\uFEFF@SUM(A1)',
      '\u2060=1',
      '\u00AD=1',
      '\u202E=1',
      ' \u200B =1',
    ];
    const lookAlikes = ['＝1+1', '＋1', '－1', '＠SUM(A1)', '﹦1', '﹢1', '﹣1', '﹫A1', '−1', '\u200B＝1'];
    const risky = [...hidden, ...lookAlikes];
    expect(
      cellsOf(
        writeCsv(
          ['value'],
          risky.map((v) => [v]),
        ),
      ).slice(1),
    ).toEqual(risky.map((v) => [`'${v}`]));
    // Text with these characters elsewhere is left alone.
    const harmless = ['a\u200B=1', 'x＝1', '\u200Bhello', '１＋１'];
    expect(
      cellsOf(
        writeCsv(
          ['value'],
          harmless.map((v) => [v]),
        ),
      ).slice(1),
    ).toEqual(harmless.map((v) => [v]));
  });

  it('leaves harmless text and numbers as they are (negative numbers too)', () => {
    const csv = writeCsv(['a', 'b', 'c', 'd'], [['x=1', 'a-b', -5, 0.25]]);
    expect(csv).toBe(`${CSV_BOM}a,b,c,d\r\nx=1,a-b,-5,0.25\r\n`);
  });

  it('starts with a UTF-8 BOM and ends every line with CRLF; empty values are empty cells', () => {
    const csv = writeCsv(['a', 'b'], [[undefined, null]]);
    expect(csv).toBe('\ufeffa,b\r\n,\r\n');
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('round-trips quotes, delimiters, line breaks, Chinese text and edge whitespace', () => {
    const rows = [
      ['She said "hi"', 'a,b;c\td', 'two\nlines'],
      ['电池能用多久？', '退货期限是30天', ' padded '],
    ];
    const csv = writeCsv(['x', 'y', 'z'], rows);
    expect(readCsv(csv)).toEqual({
      rows: [
        { cells: ['x', 'y', 'z'], line: 1 },
        { cells: rows[0], line: 2 },
        { cells: rows[1], line: 4 },
      ],
      delimiter: ',',
      problems: [],
    });
  });
});

describe('readCsv', () => {
  it('strips a BOM', () => {
    expect(cellsOf('\ufeffid,question\n1,Q\n')).toEqual([
      ['id', 'question'],
      ['1', 'Q'],
    ]);
  });

  it('detects a semicolon (a European Excel) and a tab, and keeps `|` inside cells', () => {
    const semi = readCsv('id;question;contains\r\na;"Is it 4,99 €; really?";x|y\r\n');
    expect(semi.delimiter).toBe(';');
    expect(semi.rows.map((r) => r.cells)).toEqual([
      ['id', 'question', 'contains'],
      ['a', 'Is it 4,99 €; really?', 'x|y'],
    ]);
    const tab = readCsv('id\tquestion\na\tHow, exactly?\n');
    expect(tab.delimiter).toBe('\t');
    expect(tab.rows[1]!.cells).toEqual(['a', 'How, exactly?']);
    // One column: nothing to detect, read as a comma file.
    expect(readCsv('question\nQ1\n')).toMatchObject({ delimiter: ',', problems: [] });
  });

  it('numbers rows by the line they start on, skipping blank rows, with mixed line ends', () => {
    expect(readCsv('a,"b\r\n""c""",d\r\n\n , \ne\r\n')).toEqual({
      rows: [
        { cells: ['a', 'b\n"c"', 'd'], line: 1 },
        { cells: ['e'], line: 5 },
      ],
      delimiter: ',',
      problems: [],
    });
  });

  it('reports a quoted cell that is never closed, with its line', () => {
    expect(readCsv('id,question\na,"open\nb,c\n').problems).toEqual([
      { line: 2, message: 'a quoted cell is never closed (a missing ")' },
    ]);
  });
});

describe('csvChunks', () => {
  it('writes, piece by piece, the file writeCsv writes', () => {
    const rows = Array.from({ length: 150 }, (_, i) => [i, `=${i}`, i % 3 ? ' edge ' : undefined, 'a,"b"\nc']);
    expect([...csvChunks(['n', 'formula', 'edge', 'text'], rows, 64)].join('')).toBe(
      writeCsv(['n', 'formula', 'edge', 'text'], rows),
    );
    expect([...csvChunks(['a'], [])].join('')).toBe(`${CSV_BOM}a\r\n`);
  });
});
