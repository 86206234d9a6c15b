import { MantineContext, MantineThemeProvider, type MantineThemeOverride } from '@mantine/core';
import type { ReactNode } from 'react';
import { type ContextType } from 'react';
import './mantineVariables.css';

/**
 * Mantine's context for the public pay page without MantineProvider's run-time CSS (issue 25: pay page JS ≤ 120 KB gz).
 * MantineProvider computes the theme's CSS variables and breakpoint classes in the browser and keeps a colour scheme
 * in localStorage (about 3 KB gz of code). The public page has one light theme, so its CSS is written once in
 * mantineVariables.css, which PublicMantineProvider.test.tsx checks against what MantineProvider draws for the theme.
 */
const context: NonNullable<ContextType<typeof MantineContext>> = {
  colorScheme: 'light',
  setColorScheme: () => undefined,
  clearColorScheme: () => undefined,
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesSelector: ':root',
  withStaticClasses: true,
  deduplicateInlineStyles: false,
};

export function PublicMantineProvider({ theme, children }: { theme: MantineThemeOverride; children: ReactNode }) {
  return (
    <MantineContext value={context}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
