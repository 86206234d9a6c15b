import { defineTranslation } from '../i18n/translation';
import type { PWA_STRINGS } from './strings';

export default defineTranslation<typeof PWA_STRINGS>('pwa', {
  updateTitle: 'Une nouvelle version de Duka est prête',
  updateBody: 'Touchez ici pour recharger et l’utiliser.',
});
