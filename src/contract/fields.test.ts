import { describe, expect, it } from 'vitest';
import { defineRecord, f, fieldAt, fieldPaths } from './fields';

const Inner = defineRecord({ a: f.int(), b: f.int() });
const Probe = defineRecord({ name: f.str(8), language: f.optional(f.str(4)), inner: f.nested(Inner) });
const full = { name: 'x', inner: { a: 1, b: 2 } };

describe('an optional documented field', () => {
  it('is not drift when absent', () => {
    const parsed = Probe.parse(full);
    expect(parsed).toMatchObject({ ok: true, drift: [] });
  });

  it('is checked like any field when present', () => {
    expect(Probe.parse({ ...full, language: 'en' })).toMatchObject({ ok: true, drift: [], data: { language: 'en' } });
    const long = Probe.parse({ ...full, language: 'english' });
    expect(long.drift.map((d) => [d.path, d.kind])).toEqual([['$.language', 'range']]);
  });

  it('a required field missing is still drift', () => {
    expect(Probe.parse({ inner: { a: 1, b: 2 } }).drift.map((d) => [d.path, d.kind])).toEqual([['$.name', 'missing']]);
  });
});

describe('field paths', () => {
  it('lists every field, nested ones by their dotted path, and finds each', () => {
    expect(fieldPaths(Probe.fields)).toEqual(['name', 'language', 'inner.a', 'inner.b']);
    expect(fieldAt(Probe.fields, 'inner.b')?.shape).toEqual({ type: 'int', min: undefined, max: undefined });
    expect(fieldAt(Probe.fields, 'language')?.shape).toEqual({ type: 'string', max: 4 });
    expect(fieldAt(Probe.fields, 'nope')).toBeUndefined();
    expect(fieldAt(Probe.fields, 'name.x')).toBeUndefined();
  });
});
