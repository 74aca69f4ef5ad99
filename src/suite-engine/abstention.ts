import type { AssertionOutcome } from './types';

/**
 * `abstains`: the answer declines: it cites no source and, when the suite lists abstention phrases, says one of
 * them (`abstains: false`: the answer does not decline). The natural check after removing a document: the question
 * it answered should now be declined, not answered from elsewhere.
 */

/** Text as phrases are looked for in it: case, Unicode form, typographic apostrophes and runs of spaces folded. */
const folded = (s: string) =>
  s
    .normalize('NFC')
    .toLocaleLowerCase('en')
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/\s+/g, ' ');

export function abstainsOutcome(
  want: boolean,
  facts: { text: string; sources: readonly { document_id?: string | number }[] },
  phrases: readonly string[] = [],
): AssertionOutcome {
  const n = facts.sources.length;
  const text = folded(facts.text);
  const said = phrases.find((p) => text.includes(folded(p).trim()));
  const noSource = n === 0;
  const declined = noSource && (phrases.length === 0 || said !== undefined);
  const cites = `cites ${n} source${n === 1 ? '' : 's'}`;
  const words = noSource
    ? phrases.length === 0
      ? 'cites no source'
      : said !== undefined
        ? `cites no source and says ${JSON.stringify(said)}`
        : `cites no source but says none of the ${phrases.length} abstention phrase${phrases.length === 1 ? '' : 's'}`
    : cites;
  return {
    key: 'abstains',
    ok: want ? declined : !declined,
    detail: want ? words : declined ? `abstained: ${words}` : words,
  };
}
