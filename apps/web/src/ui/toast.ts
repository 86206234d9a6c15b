import { notifications } from '@mantine/notifications';
import { i18next } from '../i18n';
import './strings';

/**
 * SPEC §9: toasts last 2 s by default (= TIMINGS.toastDefault in @duka/core; toast.test.ts keeps the two equal).
 * Not imported from @duka/core here: the login screen shows toasts, and importing the core index would pull
 * its country list and payload schemas into the login screen's JS.
 */
export const TOAST_DEFAULT_MS = 2000;

/** The close button of a toast is named in the screen language (axe: every button has a name). */
const close = () => ({ 'aria-label': i18next.t('ui:close') });

/** SPEC §8 toasts; default duration 2 s. */
export const toast = {
  success(message: string, ms: number = TOAST_DEFAULT_MS) {
    notifications.show({ message, color: 'teal', autoClose: ms, closeButtonProps: close() });
  },
  danger(message: string, ms: number = TOAST_DEFAULT_MS) {
    notifications.show({ message, color: 'red', autoClose: ms, closeButtonProps: close() });
  },
  info(message: string, ms: number = TOAST_DEFAULT_MS) {
    notifications.show({ message, color: 'blue', autoClose: ms, closeButtonProps: close() });
  },
};
