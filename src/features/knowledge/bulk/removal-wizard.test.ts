import { describe, expect, it } from 'vitest';
import { KeptDbError } from '../../../lib';
import type { Lookup } from '../../../removal-engine/batch/check-first';
import { BULK_BOUNDS } from '../../../removal-engine/batch/bounds';
import {
  batchRows,
  confirms,
  initialWizard,
  leftOutBy,
  wizardReducer,
  type RemovalWizard,
  type WizardAction,
} from './removal-wizard';

const run = (actions: WizardAction[], from: RemovalWizard = initialWizard()) => actions.reduce(wizardReducer, from);

const lookups: Lookup[] = [
  { id: '1', status: 'found', name: 'One' },
  { id: '2', status: 'exists', name: 'Two' },
  { id: '3', status: 'elsewhere', where: 'kb-9' },
  { id: '4', status: 'unknown' },
  { id: '5', status: 'unchecked', error: 'HTTP 500' },
];

const tooLarge = BULK_BOUNDS.inputBytesMax + 1;

describe('bulk removal wizard: the ids', () => {
  it('opens on the ids, empty, with the check chosen and the default concurrency, focus left to the dialog', () => {
    const s = initialWizard();
    expect([s.step, s.text, s.checkFirst, s.concurrency, s.moved]).toEqual([
      'input',
      '',
      true,
      BULK_BOUNDS.concurrencyDefault,
      false,
    ]);
  });

  it('takes a file read: its text, its name, read by its first column when a .csv', () => {
    const s = run([{ type: 'fileChosen' }, { type: 'fileRead', name: 'ids.CSV', content: 'id\n1\n2' }]);
    expect(s).toMatchObject({ text: 'id\n1\n2', fileName: 'ids.CSV', source: 'csv', inputError: null });
    expect(run([{ type: 'fileRead', name: 'ids.txt', content: '7' }]).source).toBe('text');
  });

  it('edited, the ids are no longer the file: its name goes, they are read as text, an earlier refusal is cleared', () => {
    const s = run([
      { type: 'fileRead', name: 'ids.csv', content: '1' },
      { type: 'inputRefused', refusal: { kind: 'pasteTooLarge', size: tooLarge } },
      { type: 'textChanged', value: '1\n2' },
    ]);
    expect(s).toMatchObject({ text: '1\n2', fileName: null, source: 'text', inputError: null });
  });

  it('refuses text past the size cap and keeps what the box had, saying how large it was', () => {
    const before = run([{ type: 'fileRead', name: 'ids.csv', content: '1' }]);
    const s = wizardReducer(before, { type: 'textChanged', value: 'x'.repeat(tooLarge) });
    expect(s).toMatchObject({ text: '1', fileName: 'ids.csv', source: 'csv' });
    expect(s.inputError).toEqual({ kind: 'pasteTooLarge', size: tooLarge });
  });

  it('keeps a refused file or paste as data (said in the admin language when shown); choosing a file clears it', () => {
    const refusal = { kind: 'fileTooLarge', name: 'big.txt', size: tooLarge } as const;
    const s = run([
      { type: 'textChanged', value: '1' },
      { type: 'inputRefused', refusal },
    ]);
    expect(s).toMatchObject({ text: '1', inputError: refusal });
    expect(wizardReducer(s, { type: 'fileChosen' }).inputError).toBeNull();
  });
});

describe('bulk removal wizard: the steps', () => {
  const withIds = run([{ type: 'textChanged', value: '1 2 3 4 5' }]);

  it('Check: to the check, counting from zero, earlier answers and choices cleared, focus following from now on', () => {
    const before: RemovalWizard = { ...withIds, checked: 3, lookups, includeUnknown: true, typed: '5' };
    const s = wizardReducer(before, { type: 'proceeded' });
    expect(s).toMatchObject({ step: 'checking', checked: 0, lookups: null, includeUnknown: false, typed: '' });
    expect(s.moved).toBe(true);
  });

  it('Continue without the check: straight to the confirmation, with nothing checked', () => {
    const s = run([{ type: 'checkFirstSet', value: false }, { type: 'proceeded' }], withIds);
    expect(s).toMatchObject({ step: 'review', lookups: null, moved: true, checkFirst: false });
  });

  it('counts the answers, then reviews them once all are in', () => {
    let s = run([{ type: 'proceeded' }, { type: 'checkProgressed', done: 2 }], withIds);
    expect(s.checked).toBe(2);
    s = wizardReducer(s, { type: 'checkFinished', lookups });
    expect(s).toMatchObject({ step: 'review', lookups });
  });

  it('cancelled, the check goes back to the ids; answers arriving after count for nothing', () => {
    const s = run(
      [
        { type: 'proceeded' },
        { type: 'back' },
        { type: 'checkProgressed', done: 4 },
        { type: 'checkFinished', lookups },
      ],
      withIds,
    );
    expect(s).toMatchObject({ step: 'input', lookups: null, checked: 0, text: '1 2 3 4 5' });
  });

  it('Back from the confirmation: to the ids, which are kept', () => {
    const s = run([{ type: 'proceeded' }, { type: 'checkFinished', lookups }, { type: 'back' }], withIds);
    expect(s).toMatchObject({ step: 'input', text: '1 2 3 4 5', moved: true });
  });
});

describe('bulk removal wizard: the confirmation', () => {
  const review = run([
    { type: 'textChanged', value: '1 2 3 4 5' },
    { type: 'proceeded' },
    { type: 'checkFinished', lookups },
    { type: 'typed', value: '3' },
  ]);

  it('including the unknown ids changes the count: the number typed is cleared', () => {
    const s = wizardReducer(review, { type: 'includeUnknownSet', value: true });
    expect(s).toMatchObject({ includeUnknown: true, typed: '' });
  });

  it('keeps the concurrency between 1 and the most allowed, a blank or nonsense read as 1', () => {
    const at = (value: number | string) => wizardReducer(review, { type: 'concurrencySet', value }).concurrency;
    expect(at(6)).toBe(6);
    expect(at('3')).toBe(3);
    expect(at(BULK_BOUNDS.concurrencyMax + 5)).toBe(BULK_BOUNDS.concurrencyMax);
    expect(at(0)).toBe(1);
    expect(at('')).toBe(1);
  });

  it('starting: busy, an earlier save failure cleared; a failed save is kept for the admin to choose, not busy', () => {
    const error = new KeptDbError('quota', 'full');
    const failed = run([{ type: 'startRequested' }, { type: 'startFailed', error }], review);
    expect(failed).toMatchObject({ starting: false, saveError: error, step: 'review' });
    expect(wizardReducer(failed, { type: 'startRequested' })).toMatchObject({ starting: true, saveError: null });
  });
});

describe('bulk removal wizard: what is removed', () => {
  it('leaves out the ids of another knowledge base always, the unknown ones unless included', () => {
    const out = leftOutBy(lookups, false);
    expect(['1', '2', '3', '4', '5'].filter(out)).toEqual(['3', '4']);
    expect(['1', '2', '3', '4', '5'].filter(leftOutBy(lookups, true))).toEqual(['3']);
    expect(leftOutBy(null, false)('4')).toBe(false);
  });

  it('is confirmed by the number typed, separators allowed, never for none', () => {
    expect(confirms('1,000', 1000)).toBe(true);
    expect(confirms('1 000', 1000)).toBe(true);
    expect(confirms('100', 1000)).toBe(false);
    expect(confirms('0', 0)).toBe(false);
  });

  it('names each row the check found a name for, and marks those left out', () => {
    expect(batchRows(['1', '3', '4', '9'], lookups, leftOutBy(lookups, false))).toEqual([
      { documentId: '1', name: 'One', leftOut: undefined },
      { documentId: '3', name: undefined, leftOut: true },
      { documentId: '4', name: undefined, leftOut: true },
      { documentId: '9', name: undefined, leftOut: undefined },
    ]);
  });
});
