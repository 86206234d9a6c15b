import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's teal, one step darker at the end, with shade 8 as the primary shade: white text on filled
 * buttons (#087f5b, 5.0:1) and the text of light badges and buttons (#07704f on #c3fae8, 5.3:1) meet
 * WCAG AA. With the default shade 6, "Generate" was white on #12b886 (2.6:1).
 */
const teal: MantineColorsTuple = ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca678', '#087f5b', '#07704f'];

/** Mantine's gray with shade 6 (dimmed text, tab labels) darkened from #868e96 (3.3:1 on white) to 5.0:1. */
const gray: MantineColorsTuple = ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#687078', '#495057', '#343a40', '#212529'];

/**
 * Mantine's green with shades 7–9 darkened: the M-Pesa buttons (filled, shade 8) were white on #2f9e44 (3.4:1);
 * #237032 gives 6.1:1, and its hover (shade 9) more.
 */
const green: MantineColorsTuple = ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#2b8a3e', '#237032', '#1b5e28'];

/** The labels Mantine's own controls read out, in the active language. */
export interface ThemeLabels {
  dismiss: string;
  togglePassword: string;
}

export const themeFor = (labels: ThemeLabels) =>
  createTheme({
    colors: { teal, gray, green },
    primaryColor: 'teal',
    primaryShade: 8,
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    components: {
      // Screen readers announce the × of every modal as "Dismiss" (not "Close": several modals have a Close button too).
      // A plain object: importing Modal here would put it in the login bundle.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.dismiss } } },
      PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': labels.togglePassword } } },
    },
  });

/** The theme in English (the prerendered login screen and the public invoice page, which have no language switch of their own). */
export const theme = themeFor({ dismiss: 'Dismiss', togglePassword: 'Show or hide the password' });
