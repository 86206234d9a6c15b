import { TOAST_MS, type ToastKind } from '@duka/core';
import { notifications } from '@mantine/notifications';

/** SPEC §9: toasts last 2 s by default (core TOAST_MS.default). */
export const TOAST_DEFAULT_MS = TOAST_MS.default;

/** SPEC §8 toasts; how long each stays is named from core's TOAST_MS table (default 2 s). */
export const toast = {
  success(message: string, kind: ToastKind = 'default') {
    notifications.show({ message, color: 'teal', autoClose: TOAST_MS[kind] });
  },
  danger(message: string, kind: ToastKind = 'default') {
    notifications.show({ message, color: 'red', autoClose: TOAST_MS[kind] });
  },
  info(message: string, kind: ToastKind = 'default') {
    notifications.show({ message, color: 'blue', autoClose: TOAST_MS[kind] });
  },
};
