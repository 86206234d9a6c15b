import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@duka/core';

/** SPEC §8 toasts; default duration 2 s. */
export const toast = {
  success(message: string, ms: number = TIMINGS.toastDefault) {
    notifications.show({ message, color: 'teal', autoClose: ms });
  },
  danger(message: string, ms: number = TIMINGS.toastDefault) {
    notifications.show({ message, color: 'red', autoClose: ms });
  },
  info(message: string, ms: number = TIMINGS.toastDefault) {
    notifications.show({ message, color: 'blue', autoClose: ms });
  },
};
