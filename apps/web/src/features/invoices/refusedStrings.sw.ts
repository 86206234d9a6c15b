import { defineTranslation } from '../../i18n/translation';
import type { REFUSED_STRINGS } from './refusedStrings';

export default defineTranslation<typeof REFUSED_STRINGS>('refused', {
  title: 'Mabadiliko yako hayakuhifadhiwa',
  body: '{{reason}}',
  shown: 'Hapa chini: ankara jinsi ilivyohifadhiwa.',
  notShown: 'Hapa chini: mabadiliko yako, ambayo hayajahifadhiwa (unganisha mtandao kuona ankara iliyohifadhiwa).',
  review: 'Kagua',
  creditedLocked: 'Ankara hii ina hati za mkopo: mistari, kodi na punguzo lake haviwezi kubadilika. Badala yake toa hati nyingine ya mkopo.',
  discard: 'Acha',
});
