import { describe, expect, it } from 'vitest';
// Only the contract is imported: like the browser bundle, this file never loads classic zod (whose
// English locale would otherwise answer for the contract's schemas), so these are the messages admins see.
import { CompletionResultRecord, DatasetRecord, DocumentFullTextRecord, LIMITS, UpdateConversationBody, z } from '.';

const D = LIMITS.dataset;

function messagesOf(schema: z.ZodMiniType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
}

describe('the contract on zod/mini', () => {
  it('keeps zod from compiling parsers with new Function (refused by the CSP)', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('words drift from the issue and the documented bound', () => {
    const parsed = DatasetRecord.parse({
      dataset_id: '7',
      chunk_size: D.chunkSizeMax * 2,
      chunk_overlap: -1,
      top_k: 1.5,
      name: 5,
      beta: true,
    });
    expect(parsed.ok).toBe(true);
    const byPath = Object.fromEntries(parsed.drift.map((w) => [w.path, `${w.kind}: ${w.message}`]));
    expect(byPath['$.chunk_size']).toBe(`range: ${D.chunkSizeMax * 2}: must be at most ${D.chunkSizeMax}`);
    expect(byPath['$.chunk_overlap']).toBe(`range: -1: must be at least ${D.chunkOverlapMin}`);
    expect(byPath['$.top_k']).toBe('type: expected an integer, got 1.5');
    expect(byPath['$.name']).toBe('type: expected a string, got 5');
    expect(byPath['$.beta']).toBe('unknown_field: field "beta" is not in the documented shape');
    expect(byPath['$.created_at']).toBe('missing: documented field is missing');
    expect(byPath['$.retrieval_context_mode']).toBe('missing: documented field is missing');
  });

  it('says why an answer is unusable, field and cause', () => {
    expect(CompletionResultRecord.parse({ message_id: 'm' })).toMatchObject({
      ok: false,
      reason: 'unusable answer: assistant_message: is missing (expected a string)',
    });
    expect(DocumentFullTextRecord.parse({ document_contents: 'text' })).toMatchObject({
      ok: false,
      reason: 'unusable answer: document_contents: expected an array, got a string',
    });
    expect(DocumentFullTextRecord.parse({ document_contents: ['a', {}] })).toMatchObject({
      ok: false,
      reason: 'unusable answer: document_contents.1: expected a string or a number, got an object',
    });
  });

  it('keeps the schemas’ own messages, and words the rest without the “Invalid input” of a locale-less zod', () => {
    expect(
      messagesOf(UpdateConversationBody, { title: 'x'.repeat(LIMITS.conversation.titleMax + 1), status: 1.5 }),
    ).toEqual([
      `title: title must be at most ${LIMITS.conversation.titleMax} characters`,
      'status: status must be an integer',
    ]);
    const schema = z.object({
      name: z.string().check(z.minLength(1)),
      tags: z.array(z.string()).check(z.maxLength(2)),
      mode: z.enum(['direct', 'proxied']),
      version: z.literal(1),
      code: z.string().check(z.regex(/^[a-z]+$/)),
      ratio: z.number().check(z.lt(1)),
      at: z.optional(z.object({})),
    });
    expect(
      messagesOf(schema, { name: '', tags: ['a', 'b', 'c'], mode: 'x', version: 2, code: 'A1', ratio: 1, at: [] }),
    ).toEqual([
      'name: must not be empty',
      'tags: must have at most 2 items',
      'mode: must be one of "direct", "proxied"',
      'version: must be 1',
      'code: must match /^[a-z]+$/',
      'ratio: must be less than 1',
      'at: expected an object, got an array',
    ]);
    expect(messagesOf(z.strictObject({ a: z.optional(z.number()) }), { b: 1, c: 2 })).toEqual([
      '(root): unknown fields "b", "c"',
    ]);
    expect(messagesOf(z.object({ a: z.string() }), {})).toEqual(['a: is missing (expected a string)']);
  });
});
