import { describe, expect, it } from 'vitest';
import { attribute } from './attribution';

const reference =
  'A sharp knife is a safe knife. Hone the blade before each use and sharpen it on a whetstone every month. Never put a good knife in the dishwasher.';
const doc = {
  documentId: '700000000000002',
  reference,
  question: 'Hone the blade before each use and sharpen it on a whetstone every month.',
};

describe('attribute', () => {
  it('names the document by document_chunks[].document_id (a number or a string)', () => {
    const a = attribute(
      {
        chunks: [
          { document_id: 7, content: 'x' },
          { document_id: 700000000000002, content: 'A sharp knife' },
        ],
      },
      doc,
    );
    expect(a).toMatchObject({
      found: true,
      field: 'document_chunks[1].document_id',
      pieces: 2,
      piecesWithDocumentId: 2,
    });
    expect(a.matched).toEqual(['A sharp knife']);
  });
  it('does not take a piece naming another document for it, even when it quotes the same text', () => {
    const a = attribute({ chunks: [{ document_id: '1', content: reference }] }, doc);
    expect(a.found).toBe(false);
  });
  it('attributes a piece naming no document by a long verbatim overlap with the text read before', () => {
    const a = attribute({ chunks: [{ content: 'Other words.' }, { content: reference.slice(31, 120) }] }, doc);
    expect(a).toMatchObject({ found: true, field: 'document_chunks[1].content', piecesWithDocumentId: 0 });
    expect(attribute({ chunks: [{ content: 'knife whetstone blade dishwasher month' }] }, doc).found).toBe(false);
  });
  it('scans assistant_message too (a QA pair answered directly, with no piece)', () => {
    const a = attribute({ assistantMessage: `Per the handbook: ${reference.slice(0, 70)}`, chunks: [] }, doc);
    expect(a).toMatchObject({ found: true, field: 'assistant_message', pieces: 0 });
  });
  it('does not count an answer that only echoes the question', () => {
    const a = attribute(
      { assistantMessage: `You asked “${doc.question}”. I found nothing about it.`, chunks: [] },
      doc,
    );
    expect(a.found).toBe(false);
  });
  it('does not take an answer quoting a near-identical document that a piece names for this one', () => {
    // Another data sheet of the same family: the same sentences, retrieved and quoted, after this one was purged.
    const sibling = `Data sheet 2. ${reference}`;
    const a = attribute(
      {
        assistantMessage: `Per the data sheet: ${reference.slice(0, 90)}`,
        chunks: [{ document_id: '2', content: sibling }],
      },
      doc,
    );
    expect(a.found).toBe(false);
    // Words no retrieved piece holds still show the document (a QA pair answered directly).
    const b = attribute(
      {
        assistantMessage: `Per the handbook: ${reference.slice(0, 90)}`,
        chunks: [{ document_id: '2', content: 'Other.' }],
      },
      doc,
    );
    expect(b).toMatchObject({ found: true, field: 'assistant_message' });
  });
});
