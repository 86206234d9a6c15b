import { notifications } from '@mantine/notifications';
import { i18next } from '../i18n';
import { scheduleServiceWorker } from './register';
import './strings';

/** Called once from appMain.tsx (the app behind the entry main.tsx): schedules the service worker and offers a reload when a new version is ready. */
export function startPwa(): void {
  scheduleServiceWorker((update) => {
    notifications.show({
      id: 'duka-update',
      title: i18next.t('pwa:updateTitle'),
      message: i18next.t('pwa:updateBody'),
      autoClose: false,
      onClick: update,
      style: { cursor: 'pointer' },
    });
  });
}
