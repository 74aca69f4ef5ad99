import { describe, expect, it } from 'vitest';
import { interpolate, type MessageKey } from '../../../i18n';
import { zhCN } from '../../../i18n/message-tables';
import { assertionDetail } from './assertion-words';

const inChinese = (key: MessageKey, vars?: Record<string, string | number>) => interpolate(zhCN[key], vars, 'zh-CN');

describe('assertion details in the admin’s language', () => {
  it('says the engine’s English details in Chinese, keeping values and unknown shapes as written', () => {
    expect(assertionDetail(inChinese, 'all found')).toBe('全部找到');
    expect(assertionDetail(inChinese, 'not cited: 831, 832')).toBe('未引用：831, 832');
    expect(assertionDetail(inChinese, 'missing "14 days"')).toBe('缺少 "14 days"');
    expect(assertionDetail(inChinese, '2 sources')).toBe('2 个来源');
    expect(assertionDetail(inChinese, '1200 ms ≤ 3000 ms')).toBe('1200 ms ≤ 3000 ms');
  });
});
