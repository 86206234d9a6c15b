import { defineTranslation } from '../../i18n/translation';
import type { VOID_PAID_STRINGS } from './voidPaidStrings';

export default defineTranslation<typeof VOID_PAID_STRINGS>('voidPaid', {
  title: 'Ankara hii haiwezi kubatilishwa',
  body: '{{amount}} kimelipwa kwa ankara hii: haiwezi kubatilishwa ikiwa na malipo. Badala yake toa hati ya mkopo kwa ankara yote: inairudisha ankara na kuonyesha kiasi cha kumrudishia mteja.',
  title_sale: 'Mauzo haya hayawezi kubatilishwa',
  body_sale:
    '{{amount}} kimelipwa kwa mauzo haya: hayawezi kubatilishwa yakiwa na malipo. Badala yake toa hati ya mkopo kwa mauzo yote: inayarudisha mauzo na kuonyesha kiasi cha kumrudishia mteja.',
  creditNote: 'Toa hati ya mkopo',
});
