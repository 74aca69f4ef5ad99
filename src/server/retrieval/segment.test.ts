import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { chunkText } from './chunking';
import { cjkPieces, indexText, latinWords, wordTokens } from './segment';
import { ftsQuery, queryTerms, termPresence } from './terms';
import { wordPieces } from './text';

describe('indexText', () => {
  it('leaves text without Chinese or Japanese exactly as it is', () => {
    for (const t of [
      'How long does the battery last?',
      'Ünïcödé, naïve café — 14 days; "quoted" (x) 🔋',
      'Привет мир',
      'ไทย',
      '한국어 문장',
      '',
    ]) {
      expect(indexText(t)).toBe(t);
    }
  });

  it('cuts CJK runs into words separated by spaces and keeps everything else', () => {
    expect(indexText('信标的电池能用多久？').split(/\s+/).filter(Boolean)).toEqual([
      '信',
      '标',
      '的',
      '电池',
      '能',
      '用',
      '多久',
      '？',
    ]);
    // Latin glued to Chinese is split off, so "Beacon" is its own token.
    expect(indexText('Beacon的电池约14天').split(/\s+/).filter(Boolean)).toEqual([
      'Beacon',
      '的',
      '电池',
      '约',
      '14',
      '天',
    ]);
    expect(indexText('ビーコンの電池').split(/\s+/).filter(Boolean)).toEqual(['ビーコン', 'の', '電池']);
  });
});

describe('wordTokens and latinWords', () => {
  it('gives the words in reading order with CJK words marked and their offsets', () => {
    const text = 'Beacon Display 的电池，能用多久';
    const tokens = wordTokens(text);
    expect(tokens.map((t) => t.word)).toEqual(['beacon', 'display', '的', '电池', '能', '用', '多久']);
    expect(tokens.map((t) => t.cjk)).toEqual([false, false, true, true, true, true, true]);
    for (const t of tokens.filter((x) => x.cjk)) expect(text.slice(t.start, t.end)).toBe(t.word);
  });

  it('reads only the Latin words, CJK counting as a separator', () => {
    expect(latinWords('Beacon的Display电池 OK')).toEqual(['beacon', 'display', 'ok']);
    expect(latinWords('Plain English, as before.')).toEqual(['plain', 'english', 'as', 'before']);
  });
});

describe('queryTerms with Chinese and Japanese', () => {
  it('drops function and question words, and keeps adjacent single characters together as a phrase', () => {
    // 信标 is not in the dictionary: the segmenter gives 信|标, which stay together; 的/能/多久 are dropped.
    expect(queryTerms('信标的电池能用多久？')).toEqual(['信 标', '电池', '用']);
    expect(ftsQuery(queryTerms('信标的电池能用多久？'))).toBe('"信 标" OR "电池" OR "用"');
  });

  it('does not join single characters across punctuation', () => {
    expect(queryTerms('信标。标准')).not.toContain('信 标 标准');
    expect(queryTerms('用，省')).toEqual(['用', '省']);
  });

  it('keeps both parts of a mixed question, Latin rules unchanged for the Latin part', () => {
    expect(queryTerms('How long does the Beacon Display 电池 last?')).toEqual([
      'long',
      'beacon',
      'display',
      '电池',
      'last',
    ]);
    expect(queryTerms('Beacon的电池')).toEqual(['beacon', '电池']);
  });

  it('handles Japanese with kana particles dropped', () => {
    expect(queryTerms('ビーコンの電池はどのくらい持ちますか')).toEqual(['ビーコン', '電池', '持ち']);
  });

  it('only function words give no query at all', () => {
    expect(queryTerms('的了是吗？')).toEqual([]);
  });
});

describe('termPresence', () => {
  it('finds a CJK term as a substring (phrase words joined) and a Latin term by its stem', () => {
    const has = termPresence('信标显示屏的电池充满电后可使用约 14 天。Charging stops at 95 percent.');
    expect(has('信 标')).toBe(true);
    expect(has('电池')).toBe(true);
    expect(has('续航')).toBe(false);
    expect(has('battery')).toBe(false);
    expect(has('stop')).toBe(true);
    expect(has('charge')).toBe(true); // charging, by light stem
  });
});

describe('cutting CJK text without spaces', () => {
  const longSentence = '信标显示屏会在有人经过时点亮屏幕并显示当前功率以及今天累计的用电量和电费估算'.repeat(30) + '。';

  it('cjkPieces and wordPieces lose nothing', () => {
    for (const t of ['信标的电池 能用多久？', 'abc信标def', ' 前导空格', longSentence]) {
      expect(cjkPieces(t).join('')).toBe(t);
      expect(wordPieces(t).join('')).toBe(t);
    }
    expect(wordPieces('信标的电池').length).toBeGreaterThan(1);
  });

  it('Chinese sentences of a paragraph stay joined as written inside a chunk', () => {
    const text = '第一句。第二句！Third one. 第四句？\n\n下一段。';
    expect(chunkText(text, 256, 0)).toEqual([text]);
  });

  it('an over-long Chinese sentence is cut to fit chunk_size', () => {
    expect(countTokens(longSentence)).toBeGreaterThan(256);
    const chunks = chunkText(longSentence, 256, 32);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(countTokens(c)).toBeLessThanOrEqual(256);
    expect(chunks.join('')).toBe(longSentence);
  });
});
