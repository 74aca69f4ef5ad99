import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const vars = cssVariablesResolver(resolved);
const { colors, white } = resolved;

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Resolves `var(--mantine-color-gray-7)` to the palette value; other values are taken as they are. */
function value(v: string | undefined): string {
  const m = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(v ?? '');
  return m ? colors[m[1]!]![Number(m[2])]! : (v ?? '');
}

describe('theme contrast (WCAG 2.1 AA, 4.5:1)', () => {
  it('dimmed, error and success text read on the page in both schemes', () => {
    for (const key of ['--mantine-color-dimmed', '--mantine-color-error', '--mantine-color-success'] as const) {
      expect(contrast(value(vars.light[key]), white), `light ${key}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(value(vars.light[key]), colors.gray[0]), `light ${key} on gray.0`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(value(vars.dark[key]), colors.dark[7]), `dark ${key}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(value(vars.dark[key]), colors.dark[6]), `dark ${key} on dark.6`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('light variants (badges, alerts, highlighted rows) keep their text readable, hovered too', () => {
    for (const [name, shades] of Object.entries(colors)) {
      const text = vars.light[`--mantine-color-${name}-light-color`]!;
      expect(contrast(text, shades[1]), `${name} light`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, shades[2]), `${name} light hover`).toBeGreaterThanOrEqual(4.5);
      const darkBg = vars.dark[`--mantine-color-${name}-light`]!;
      expect(
        contrast(value(vars.dark['--mantine-color-dimmed']), darkBg),
        `${name} dark light, dimmed text`,
      ).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[0], darkBg), `${name} dark light, its text`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('filled backgrounds get black or white text that reads, and links read on the page', () => {
    const shade = 8;
    for (const [name, shades] of Object.entries(colors)) {
      const bg = shades[shade]!;
      const text = luminance(bg) > resolved.luminanceThreshold ? '#000000' : '#ffffff';
      expect(contrast(text, bg), `${name}.${shade} filled`).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(colors.indigo[shade]!, white), 'links, light').toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.indigo[4]!, colors.dark[7]), 'links, dark').toBeGreaterThanOrEqual(4.5);
    expect(resolved.primaryShade).toEqual({ light: shade, dark: shade });
    expect(resolved.autoContrast).toBe(true);
  });
});
