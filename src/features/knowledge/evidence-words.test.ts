import { describe, expect, it } from 'vitest';
import { formatTime, translator } from '../../i18n';
import { evidenceLines, evidenceParts } from '../../removal-engine/probe';
import { EVERY_KIND } from '../../removal-engine/test-support/probe-evidence';
import { evidenceWords } from './evidence-words';

const zh = evidenceWords(translator('zh-CN'));
const zhTime = (at: number) => formatTime(at, 'zh-CN');

/**
 * What may stay Latin in a Chinese line: ids, numbers, the fields and status a probe names, the service's words, and
 * the question (the document's own text).
 */
const PASSED_THROUGH =
  /document_chunks\[\d+\]\.document_id|assistant_message|total_files|document_id|Bad Gateway|fetch failed/g;

describe('probe evidence in the console’s words', () => {
  it('zh-CN: every kind of line is Chinese, with no English word left but ids, numbers and fields', () => {
    for (const e of EVERY_KIND) {
      const parts = evidenceParts(e);
      const lines = evidenceLines(e, zhTime, zh);
      expect(lines).toHaveLength(parts.length);
      lines.forEach((line, i) => {
        expect(line, parts[i]!.kind).toMatch(/[\u4e00-\u9fff]/);
        expect(line.replace(PASSED_THROUGH, '').replace(e.question, ''), line).not.toMatch(/[A-Za-z]{2,}/);
      });
    }
    const [first] = EVERY_KIND;
    const lines = evidenceLines(first!, zhTime, zh);
    expect(lines).toContain('空间 101，数据集 77');
    expect(lines).toContain(`第 3 次探测（${zhTime(50)}）：未找到该文档的内容（2 个片段）`);
    expect(lines).toContain(`第 4 次探测（${zhTime(60)}）：失败（502）：Bad Gateway`);
    expect(lines).toContain('此服务尚未表现出：检索到的片段是否带有 document_id；document_id 限定如何对待已删除的文档');
    // Numbers formatted for the language, ids never digit-grouped.
    expect(lines).toContain('探测用量：12,345 个令牌');
    expect(evidenceLines(EVERY_KIND[1]!, zhTime, zh)).toContain('空间 102，限定为文档 9002');
  });

  it('en: the console’s English table says what the engine’s English says (the CLI’s words)', () => {
    const en = evidenceWords(translator('en'));
    const clock = (at: number) => `t+${at}`;
    for (const e of EVERY_KIND) {
      // The console groups digits ("12,345"); the CLI's report keeps the raw number.
      const small = { ...e, tokens: 345 };
      expect(evidenceLines(small, clock, en)).toEqual(evidenceLines(small, clock));
    }
  });
});
