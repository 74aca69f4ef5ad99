import { describe, expect, it } from 'vitest';
import { checkSuite } from './suite-file';
import { abstainsOutcome } from './abstention';

describe('abstains', () => {
  const none = { text: 'I don’t know  that.', sources: [] };
  const cited = { text: 'Sharpen it monthly.', sources: [{ document_id: '7' }, { document_id: 8 }] };

  it('without phrases: passes when the answer cites no source', () => {
    expect(abstainsOutcome(true, none)).toEqual({ key: 'abstains', ok: true, detail: 'cites no source' });
    expect(abstainsOutcome(true, cited)).toEqual({ key: 'abstains', ok: false, detail: 'cites 2 sources' });
  });

  it('with phrases: also says one of them (case, apostrophes and spaces folded)', () => {
    expect(abstainsOutcome(true, none, ["I DON'T KNOW that"])).toEqual({
      key: 'abstains',
      ok: true,
      detail: 'cites no source and says "I DON\'T KNOW that"',
    });
    expect(abstainsOutcome(true, none, ['not in the knowledge', '我不知道'])).toEqual({
      key: 'abstains',
      ok: false,
      detail: 'cites no source but says none of the 2 abstention phrases',
    });
    // A source cited fails it whatever the answer says.
    expect(abstainsOutcome(true, { ...cited, text: "I don't know" }, ["I don't know"]).ok).toBe(false);
  });

  it('abstains: false passes when the answer does not decline', () => {
    expect(abstainsOutcome(false, cited)).toEqual({ key: 'abstains', ok: true, detail: 'cites 2 sources' });
    expect(abstainsOutcome(false, none)).toEqual({ key: 'abstains', ok: false, detail: 'abstained: cites no source' });
  });

  it('the file format: abstention_phrases per language tag, lists of phrases', () => {
    const errors = (phrases: unknown) => {
      const checked = checkSuite({
        name: 's',
        space_id: '1',
        abstention_phrases: phrases,
        cases: [{ question: 'q', expect: { abstains: true } }],
      });
      return checked.ok ? checked.suite.abstentionPhrases : checked.errors;
    };
    expect(errors({ en: ["I don't know"], 'zh-CN': ['我不知道'] })).toEqual(["I don't know", '我不知道']);
    expect(errors({ 'not a tag': ['x'] })).toEqual([
      'abstention_phrases["not a tag"]: is not a language tag such as en or zh-CN',
    ]);
    expect(errors(['x'])).toEqual([
      `abstention_phrases: must be an object of language tags to lists of phrases ({"en": ["I don't know"]})`,
    ]);
    expect(errors({ en: 'x' })).toEqual(['abstention_phrases.en: must be a list of strings']);
  });
});
