import { defineTranslation } from '../../i18n/translation';
import type { REFUSED_STRINGS } from './refusedStrings';

export default defineTranslation<typeof REFUSED_STRINGS>('refused', {
  title: 'Mabadiliko yako hayakuhifadhiwa',
  body: '{{reason}}',
  shown: 'Hapa chini: ankara jinsi ilivyohifadhiwa.',
  notShown: 'Hapa chini: mabadiliko yako, ambayo hayajahifadhiwa (unganisha mtandao kuona ankara iliyohifadhiwa).',
  review: 'Kagua',
  discard: 'Acha',
});
