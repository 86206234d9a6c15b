import { TOAST_MS } from '@duka/core';
import { Notifications } from '@mantine/notifications';

/** Where toasts show (SPEC §9: top centre, 2 s unless a toast says otherwise). Loaded by Toasts after the first paint. */
export default function ToastContainer() {
  return <Notifications position="top-center" autoClose={TOAST_MS.default} />;
}
