import { defineTranslation } from '../../i18n/translation';
import type { PART_PAY_STRINGS } from './strings';

export default defineTranslation<typeof PART_PAY_STRINGS>('partpay', {
  title: 'Malipo ya sehemu',
  allow: 'Wateja wanaweza kulipa sehemu ya ankara mtandaoni',
  allowHint: 'Ukurasa wa malipo utakuwa na sehemu ya kiasi, kuanzia kiwango cha chini hapa chini hadi salio. Kila ankara inaweza kuamua vinginevyo.',
  min: 'Kiasi cha chini cha malipo ya sehemu',
  minHint: 'Si chini ya {{floor}} (malipo madogo zaidi yanagharimu ada kuliko yanavyoleta). Salio lote linaweza kulipwa kila wakati.',
  invoiceLabel: 'Malipo ya sehemu mtandaoni',
  invoiceDefaultOn: 'Kama kwenye mipangilio ya ankara (yanaruhusiwa)',
  invoiceDefaultOff: 'Kama kwenye mipangilio ya ankara (hayaruhusiwi)',
  invoiceOn: 'Yanaruhusiwa kwa ankara hii',
  invoiceOff: 'Hayaruhusiwi kwa ankara hii',
});
