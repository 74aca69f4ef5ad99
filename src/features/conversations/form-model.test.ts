import { describe, expect, it } from 'vitest';
import { LIMITS, UpdateConversationBody } from '../../contract';
import { translator } from '../../i18n';
import {
  baselineFrom,
  buildUpdateBody,
  counterText,
  EMPTY_VALUES,
  fieldErrorText,
  isDirtyMark,
  mergeBaseline,
} from './form-model';

const RECORD = {
  created_at: 1775204040,
  updated_at: 1775205060,
  org_id: 'org-northwind',
  user_id: 'u-1002',
  conversation_id: '931506272047501',
  agent_id: 'agent-support',
  title: 'Display shows solid amber after router change',
  file_ids: ['file-1'],
  config: { enable_websearch: true },
  status: 1,
  third_user_id: 'crm-48213',
  agent: { agent_id: 'agent-support', name: 'Beacon Support Assistant', mode: 'chat', icon: '🛟' },
  user_files: [],
};

describe('baselineFrom', () => {
  it('pre-fills every field of a full record and marks them known', () => {
    const b = baselineFrom(RECORD);
    expect(b.seen).toBe(true);
    expect(b.values).toEqual({
      agent_id: 'agent-support',
      title: RECORD.title,
      file_ids: ['file-1'],
      config: { enable_websearch: true },
      status: 1,
      third_user_id: 'crm-48213',
    });
    expect([...b.known].sort()).toEqual([
      'agent_id',
      'enable_websearch',
      'file_ids',
      'status',
      'third_user_id',
      'title',
    ]);
  });

  it('reads a drifting record tolerantly and marks what it lacks or cannot use', () => {
    const b = baselineFrom({ title: 'Only a title', status: 'one', config: { enable_websearch: 1 }, file_ids: [7] });
    expect(b.values.title).toBe('Only a title');
    expect(b.values.status).toBeUndefined();
    expect(b.values.config).toEqual({ enable_websearch: true });
    expect(b.values.file_ids).toEqual(['7']);
    expect(b.known.has('status')).toBe(false);
    expect(b.known.has('agent_id')).toBe(false);
    expect(b.values.agent_id).toBe('');
  });

  it('knows nothing without a record, or with a record that is not an object', () => {
    for (const raw of [undefined, null, 'text', [1, 2]]) {
      const b = baselineFrom(raw);
      expect(b).toMatchObject({ seen: false, values: EMPTY_VALUES });
      expect(b.known.size).toBe(0);
    }
  });
});

describe('buildUpdateBody', () => {
  const values = { ...baselineFrom(RECORD).values, title: 'Renamed' };

  it('sends only the changed fields', () => {
    expect(buildUpdateBody(values, { title: true }, false)).toEqual({ title: 'Renamed' });
    expect(buildUpdateBody(values, { config: { enable_websearch: true }, file_ids: [false, true] }, false)).toEqual({
      config: { enable_websearch: true },
      file_ids: ['file-1'],
    });
    expect(buildUpdateBody(values, {}, false)).toEqual({});
  });

  it('sends every field when asked, except a status that has no value', () => {
    const body = buildUpdateBody({ ...values, status: undefined }, {}, true);
    expect(Object.keys(body)).toEqual(['agent_id', 'title', 'file_ids', 'config', 'third_user_id']);
    expect(buildUpdateBody(values, {}, true)).toMatchObject({ status: 1 });
  });

  it('never cuts text: an over-long title is sent as typed to the schema, which refuses it', () => {
    const long = 'x'.repeat(LIMITS.conversation.titleMax + 1);
    const body = buildUpdateBody({ ...values, title: long }, { title: true }, false);
    expect(body.title).toHaveLength(LIMITS.conversation.titleMax + 1);
    expect(UpdateConversationBody.safeParse(body).success).toBe(false);
  });
});

describe('helpers', () => {
  it('reads nested dirty marks', () => {
    expect(isDirtyMark(undefined)).toBe(false);
    expect(isDirtyMark([false, false])).toBe(false);
    expect(isDirtyMark({ enable_websearch: false })).toBe(false);
    expect(isDirtyMark([false, { a: true }])).toBe(true);
  });

  it('counts characters against the limit', () => {
    expect(counterText('x'.repeat(129), 128)).toEqual({ text: '129 / 128', over: true });
    expect(counterText(undefined, 20)).toEqual({ text: '0 / 20', over: false });
    // Counted as zod counts (UTF-16 units), so the counter and the error always agree.
    const emoji = '🛟'.repeat(64);
    expect(counterText(emoji, 128).over).toBe(false);
    expect(UpdateConversationBody.safeParse({ title: emoji }).success).toBe(true);
  });

  it('words schema errors in the reader language with the field and limit', () => {
    const en = translator('en');
    const zh = translator('zh-CN');
    const issue = UpdateConversationBody.safeParse({ title: 'x'.repeat(129) });
    expect(issue.success).toBe(false);
    const type = issue.success ? '' : issue.error.issues[0]!.code;
    expect(fieldErrorText('title', { type, message: '' }, en)).toBe('Title must be at most 128 characters.');
    expect(fieldErrorText('agent_id', { type: 'too_big', message: '' }, zh)).toBe('智能体 ID：最多 20 个字符。');
    expect(fieldErrorText('status', { type: 'invalid_type', message: '' }, en)).toBe('Status must be a whole number.');
    expect(fieldErrorText('title', undefined, en)).toBeUndefined();
  });

  it('after a save, takes the returned record and keeps typed values it lacks', () => {
    const before = baselineFrom(undefined);
    const typed = { ...EMPTY_VALUES, title: 'Typed', third_user_id: 'kept' };
    const next = mergeBaseline(before, typed, { title: 'From service', status: 1 });
    expect(next.values).toMatchObject({ title: 'From service', status: 1, third_user_id: 'kept' });
    expect([...next.known].sort()).toEqual(['status', 'title']);
  });
});
