import { createTheme, darken, DEFAULT_THEME, luminance, Title, type CSSVariablesResolver } from '@mantine/core';

/** WCAG 2.1 AA for body text (1.4.3). */
const MIN_TEXT_CONTRAST = 4.5;

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color`, darkened in small steps until it and `other` read at AA. */
function darkenedAgainst(color: string, other: string): string {
  let value = color;
  for (let step = 1; contrast(value, other) < MIN_TEXT_CONTRAST && step <= 19; step++)
    value = darken(color, step * 0.05);
  return value;
}

const DARK_DIMMED = DEFAULT_THEME.colors.gray[5];

export const theme = createTheme({
  primaryColor: 'indigo',
  // Mantine's default shade 6 gives white text and links only 4.3:1 on indigo; 8 gives 5.7:1.
  primaryShade: { light: 8, dark: 8 },
  // Filled buttons and badges pick black or white text by their background's luminance. Any threshold in
  // [0.175, 0.183] keeps the chosen text at 4.5:1 or more; 0.183 keeps white on red (delete buttons).
  autoContrast: true,
  luminanceThreshold: 0.183,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  components: {
    // Headings in the strongest text colour: black in light mode, white in dark. Inherited, they took dark mode's
    // body text (dark.0, a light grey) and read as grey beside it.
    Title: Title.extend({ defaultProps: { c: 'bright' } }),
  },
});

/**
 * Mantine's defaults that fall below 4.5:1, replaced at theme level so every page inherits the fix:
 * dimmed text (gray.6 on white is 3.3:1, dark.2 on dark.7 is 4.0:1), error and success text; in light
 * mode the text of light variants (yellow.9 on yellow.1 is 2.7:1), darkened until it reads on the hover
 * background; in dark mode the light variants' background (yellow's is #733c00), darkened until dimmed
 * text reads on it (highlighted rows, alerts).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const colors = Object.entries(resolved.colors);
  const lightVariantText = Object.fromEntries(
    colors.map(([name, shades]) => [`--mantine-color-${name}-light-color`, darkenedAgainst(shades[9], shades[2])]),
  );
  // Mantine's own dark light-variant background: its colour 9 darkened by half.
  const darkVariantBackground = Object.fromEntries(
    colors.map(([name, shades]) => [
      `--mantine-color-${name}-light`,
      darkenedAgainst(darken(shades[9], 0.5), DARK_DIMMED),
    ]),
  );
  return {
    variables: {},
    light: {
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-error': 'var(--mantine-color-red-9)',
      '--mantine-color-success': 'var(--mantine-color-teal-9)',
      ...lightVariantText,
    },
    dark: {
      '--mantine-color-dimmed': DARK_DIMMED,
      '--mantine-color-error': 'var(--mantine-color-red-4)',
      '--mantine-color-success': 'var(--mantine-color-teal-4)',
      ...darkVariantBackground,
    },
  };
};
