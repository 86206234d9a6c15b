import { notifications } from '@mantine/notifications';

/**
 * SPEC §9: toasts last 2 s by default (= TIMINGS.toastDefault in @duka/core; toast.test.ts keeps the two equal).
 * Not imported from @duka/core here: the login screen shows toasts, and importing the core index would pull
 * its country list and payload schemas into the login screen's JS.
 */
export const TOAST_DEFAULT_MS = 2000;

/** SPEC §8 toasts; default duration 2 s. */
export const toast = {
  success(message: string, ms: number = TOAST_DEFAULT_MS) {
    notifications.show({ message, color: 'teal', autoClose: ms });
  },
  danger(message: string, ms: number = TOAST_DEFAULT_MS) {
    notifications.show({ message, color: 'red', autoClose: ms });
  },
  info(message: string, ms: number = TOAST_DEFAULT_MS) {
    notifications.show({ message, color: 'blue', autoClose: ms });
  },
};
