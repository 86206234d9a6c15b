import { Button, MantineProvider, useMantineTheme } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { installDomShims } from '../ui/testing';
import { PublicMantineProvider } from './PublicMantineProvider';

installDomShims();

const cssFile = path.join(__dirname, 'mantineVariables.css');
/** Whitespace and quotes aside (Prettier formats the file): the same rules in the same order. */
const squeeze = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, '')
    .replace(/"/g, "'");

/** What MantineProvider writes into the page for the app's theme: its CSS variables, then its breakpoint classes. */
function providerCss(): string {
  render(
    <MantineProvider theme={theme}>
      <p>x</p>
    </MantineProvider>,
  );
  const css = [...document.querySelectorAll('style[data-mantine-styles]')].map((s) => s.innerHTML).join('\n');
  cleanup();
  return css;
}

describe('PublicMantineProvider (the pay page without MantineProvider run-time CSS, issue 25)', () => {
  afterEach(cleanup);

  it('mantineVariables.css holds exactly what MantineProvider draws for the theme (run with WRITE_MANTINE_CSS=1 after changing app/theme.ts)', () => {
    const css = providerCss();
    expect(css).toContain('--mantine-color-teal-8: #087f5b');
    if (process.env.WRITE_MANTINE_CSS === '1') {
      const head = '/* Written by PublicMantineProvider.test.tsx (WRITE_MANTINE_CSS=1): MantineProvider CSS for app/theme.ts. */\n';
      writeFileSync(cssFile, `${head}${css}\n`);
    }
    expect(squeeze(readFileSync(cssFile, 'utf8'))).toBe(squeeze(css));
  });

  it('gives components the app theme and draws no style of its own', () => {
    function Primary() {
      return <p>{useMantineTheme().primaryColor}</p>;
    }
    render(
      <PublicMantineProvider theme={theme}>
        <Primary />
        <Button>Pay</Button>
      </PublicMantineProvider>,
    );
    expect(screen.getByText('teal')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay' }).className).toContain('mantine-Button-root');
    expect(document.querySelectorAll('style[data-mantine-styles]')).toHaveLength(0);
  });
});
