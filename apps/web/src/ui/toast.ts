import { formatDate, TOAST_MS, type ToastKind } from '@duka/core';
import { notifications } from '@mantine/notifications';
import { activeLanguage, translate } from '../i18n/lite';
import { describeError, type ErrorOptions } from './errors';
import './strings';

/** SPEC §9: toasts last 2 s by default (core TOAST_MS.default). */
export const TOAST_DEFAULT_MS = TOAST_MS.default;

/** The close button of a toast is named in the screen language (axe: every button has a name). */
const close = () => ({ 'aria-label': translate(activeLanguage(), 'ui', 'close') });

/**
 * ISO dates in a toast (a server message such as "… on or after 2026-12-25") read in SPEC §9's format ("25 Dec 26",
 * in the screen language), as every other date on screen (issue 23).
 */
export function spokenDates(message: string): string {
  return message.replace(/(?<![\w-])(\d{4}-\d{2}-\d{2})(?![\w-])/g, (iso) => formatDate(iso) || iso);
}

/** SPEC §8 toasts; how long each stays is named from core's TOAST_MS table (default 2 s). */
export const toast = {
  success(message: string, kind: ToastKind = 'default') {
    notifications.show({ message: spokenDates(message), color: 'teal', autoClose: TOAST_MS[kind], closeButtonProps: close() });
  },
  danger(message: string, kind: ToastKind = 'default') {
    notifications.show({ message: spokenDates(message), color: 'red', autoClose: TOAST_MS[kind], closeButtonProps: close() });
  },
  info(message: string, kind: ToastKind = 'default') {
    notifications.show({ message: spokenDates(message), color: 'blue', autoClose: TOAST_MS[kind], closeButtonProps: close() });
  },
  /**
   * A failed call as a danger toast (ui/errors says what the user reads: the server's message for a 4xx,
   * offline, or the fallback); gives back the server's field errors for the form to show under each input.
   */
  error(err: unknown, options: ErrorOptions | string = {}, kind: ToastKind = 'default'): Record<string, string> {
    const shown = describeError(err, options);
    toast.danger(shown.message, kind);
    return shown.fields;
  },
};
