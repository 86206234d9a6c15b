import { defineTranslation } from '../i18n/translation';
import type { PWA_STRINGS } from './strings';

export default defineTranslation<typeof PWA_STRINGS>('pwa', {
  updateTitle: 'Toleo jipya la Duka liko tayari',
  updateBody: 'Gusa hapa ili kupakia upya na kulitumia.',
});
