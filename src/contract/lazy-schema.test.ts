import { describe, expect, expectTypeOf, it } from 'vitest';
import * as contract from './index';
import { lazySchema } from './lazy-schema';
import { z as zod } from './zod';

/** What a parse gives, in a form two schemas' results can be compared in. */
const outcome = (schema: { safeParse(v: unknown): unknown }, value: unknown) => {
  const r = schema.safeParse(value) as { success: boolean; data?: unknown; error?: { issues: unknown[] } };
  return r.success ? { ok: true, data: r.data } : { ok: false, issues: r.error!.issues };
};

describe('a lazy schema', () => {
  // The shapes the contract composes: checks with messages, optional, catch, pipe/transform, a lazy schema inside
  // an object and an array.
  const inner = () => zod.looseObject({ id: zod.union([zod.string(), zod.pipe(zod.number(), zod.transform(String))]) });
  const outer = (item: ReturnType<typeof inner>) =>
    zod.object({
      title: zod.optional(zod.string().check(zod.maxLength(4, { error: 'title must be at most 4 characters' }))),
      score: zod.catch(zod.optional(zod.number()), undefined),
      items: zod.array(item),
      one: zod.optional(item),
    });
  const eager = outer(inner());
  const lazyInner = lazySchema(inner);
  const lazy = lazySchema(() => outer(lazyInner));
  const values: unknown[] = [
    { items: [] },
    { title: 'abcd', score: 1, items: [{ id: 'a' }, { id: 7, extra: true }], one: { id: 3 } },
    { title: 'abcde', items: [] },
    { score: 'high', items: [{ id: 'x' }] },
    { items: [{ id: null }], one: {} },
    { items: 'no' },
    null,
    [],
    'text',
  ];

  it('parses and refuses exactly as the schema built at once', () => {
    for (const value of values) expect(outcome(lazy, value)).toEqual(outcome(eager, value));
  });

  it('is the schema for zod: its kind, its def, instanceof', () => {
    expect(lazy.def.type).toBe('object');
    expect(Object.keys(lazy.shape)).toEqual(['title', 'score', 'items', 'one']);
    expect(lazy instanceof zod.ZodMiniObject).toBe(true);
    expect(lazy.parse({ items: [{ id: 2 }] })).toEqual({ items: [{ id: '2' }] });
    expectTypeOf<zod.output<typeof lazy>>().toEqualTypeOf<zod.output<typeof eager>>();
    expectTypeOf<zod.input<typeof lazy>>().toEqualTypeOf<zod.input<typeof eager>>();
  });

  it('is built once, on first use', () => {
    let makes = 0;
    const schema = lazySchema(() => {
      makes += 1;
      return zod.string();
    });
    expect(makes).toBe(0);
    schema.parse('a');
    schema.safeParse(1);
    expect(makes).toBe(1);
  });
});

describe("the contract's lazy schemas", () => {
  it('keep their rules and messages', () => {
    const { CompletionBody, UpdateConversationBody, QueryBaseBody, ErrorResponse, DocumentChunk } = contract;
    const { StreamTextEvent, StreamResultEvent, CompletionResultRecord, asErrorResponse } = contract;
    expect(CompletionBody.safeParse({ message: 'm' }).error?.issues.map((i) => i.message)).toEqual([
      'session_id is required and must be a string',
    ]);
    expect(
      UpdateConversationBody.safeParse({ title: 'x'.repeat(10_000) }).error?.issues.map((i) => i.message)[0],
    ).toMatch(/^title must be at most \d+ characters$/);
    expect(QueryBaseBody.safeParse({ document_id: '' }).success).toBe(false);
    expect(asErrorResponse({ code: 404, message: 'gone' })).toEqual({ code: 404, message: 'gone' });
    expect(ErrorResponse.safeParse({ detail: 'x' }).success).toBe(false);
    expect(DocumentChunk.parse({ document_id: 12, score: 'high', other: 1 })).toEqual({ document_id: '12', other: 1 });
    expect(StreamTextEvent.parse({ type: 'stream', message: 3 })).toEqual({ type: 'stream' });
    expect(StreamResultEvent.safeParse({ type: 'stream' }).success).toBe(false);
    const answer = CompletionResultRecord.parse({ assistant_message: 'a', document_chunks: [{ document_id: 5 }] });
    expect(answer).toMatchObject({ ok: true, data: { document_chunks: [{ document_id: '5' }] } });
  });
});
