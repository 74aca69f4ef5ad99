import { describe, expect, it } from 'vitest';
import { isOverCap, overCap, readResponseCapped } from './read-capped';

const tooLarge = () => overCap('The answer', 8);
const answer = (text: string, headers: Record<string, string> = {}) => new Response(text, { headers });

describe('readResponseCapped', () => {
  it('reads an answer that declares a length within the cap whole', async () => {
    const bytes = await readResponseCapped(answer('{"a":1}', { 'content-length': '7' }), 8, tooLarge);
    expect(new TextDecoder().decode(bytes)).toBe('{"a":1}');
  });

  it('refuses an answer whose bytes pass the cap, whatever length it declared', async () => {
    const declaredSmall = readResponseCapped(answer('0123456789', { 'content-length': '4' }), 8, tooLarge);
    await expect(declaredSmall).rejects.toSatisfy(isOverCap);
    const undeclared = readResponseCapped(answer('0123456789'), 8, tooLarge);
    await expect(undeclared).rejects.toSatisfy(isOverCap);
    const declaredLarge = readResponseCapped(answer('0123456789', { 'content-length': '10' }), 8, tooLarge);
    await expect(declaredLarge).rejects.toSatisfy(isOverCap);
  });

  it('reads an answer without a declared length as it arrives, up to the cap', async () => {
    const bytes = await readResponseCapped(answer('12345678'), 8, tooLarge);
    expect(bytes.byteLength).toBe(8);
  });
});
