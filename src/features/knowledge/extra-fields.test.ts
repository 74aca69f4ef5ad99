import { describe, expect, it } from 'vitest';
import { extraFields, scalarText, shapeOf } from './extra-fields';

describe('with-settings extra fields', () => {
  it('keeps only the fields beyond KnowledgeRead, in answer order', () => {
    const raw = { name: 'K', total_files: 3, settings: { top_k: 5 }, retention_days: 30, dataset_id: 'd' };
    expect(extraFields(raw)).toEqual([
      ['settings', { top_k: 5 }],
      ['retention_days', 30],
    ]);
    expect(extraFields([1, 2])).toEqual([]);
    expect(extraFields(null)).toEqual([]);
  });

  it('shows scalars inline, objects as tables, arrays of objects as JSON', () => {
    expect(shapeOf(5)).toBe('scalar');
    expect(shapeOf(null)).toBe('scalar');
    expect(shapeOf([1, 2])).toBe('scalar');
    expect(shapeOf({ a: 1 })).toBe('object');
    expect(shapeOf([{ a: 1 }])).toBe('json');
    expect(scalarText([1, 'a'])).toBe('[1, "a"]');
    expect(scalarText('text')).toBe('text');
    expect(scalarText(false)).toBe('false');
    expect(scalarText(null)).toBe('null');
  });
});
