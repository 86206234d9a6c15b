import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('theme contrast (WCAG AA, 4.5:1)', () => {
  const shade = theme.primaryShade as number;
  const filled = (color: string) => (theme.colors?.[color] ?? DEFAULT_THEME.colors[color])[shade];

  it.each(['teal', 'green', 'red', 'blue'])('white text on filled %s buttons (and their hover) is readable', (color) => {
    expect(contrast('#ffffff', filled(color))).toBeGreaterThanOrEqual(4.5);
    const hover = (theme.colors?.[color] ?? DEFAULT_THEME.colors[color])[Math.min(9, shade + 1)];
    expect(contrast('#ffffff', hover)).toBeGreaterThanOrEqual(4.5);
  });

  it('the M-Pesa buttons are no longer white on #2f9e44 (3.4:1)', () => {
    expect(contrast('#ffffff', '#2f9e44')).toBeLessThan(4.5);
    expect(filled('green')).not.toBe('#2f9e44');
  });
});
