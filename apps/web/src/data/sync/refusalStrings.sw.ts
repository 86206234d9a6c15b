import { defineTranslation } from '../../i18n/translation';
import type { REFUSAL_STRINGS } from './refusalStrings';

export default defineTranslation<typeof REFUSAL_STRINGS>('refusal', {
  paidAboveTotal: 'Jumla mpya {{total}} ni chini ya {{paid}} zilizokwisha kulipwa. Weka jumla isiyopungua {{paid}}.',
  paidAboveTotalUnknown: 'Jumla mpya {{total}} ni chini ya kiasi kilichokwisha kulipwa kwa ankara hii. Weka jumla isiyopungua kiasi kilicholipwa.',
});
