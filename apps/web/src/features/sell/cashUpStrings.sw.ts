import { defineTranslation } from '../../i18n/translation';
import type { CASH_UP_STRINGS } from './cashUpStrings';

export default defineTranslation<typeof CASH_UP_STRINGS>('cashUp', {
  open: 'Mwisho wa siku',
  title: 'Mwisho wa siku',
  day: 'Siku',
  intro: 'Kiasi cha kulinganisha na droo ya pesa, kutoka kumbukumbu za kifaa hiki (hufanya kazi bila mtandao).',
  empty: 'Hakuna mauzo, malipo wala marejesho tarehe {{date}}.',
  backToSell: 'Rudi kwenye mauzo',
  sales_one: 'Mauzo {{count}}',
  sales_other: 'Mauzo {{count}}',
  salesTotal: 'Mauzo yaliyofanywa',
  received: 'Pesa zilizopokelewa',
  refunds: 'Marejesho yaliyotolewa',
  net: 'Jumla halisi',
  payments_one: 'Malipo {{count}}',
  payments_other: 'Malipo {{count}}',
  refundCount_one: 'Rejesho {{count}}',
  refundCount_other: 'Marejesho {{count}}',
  cashExpected: 'Taslimu inayotarajiwa kwenye droo',
  cashHint: 'Taslimu iliyopokelewa ukiondoa taslimu iliyorejeshwa, juu ya chenji ya kuanzia siku.',
  methods: { cash: 'Taslimu', bank_transfer: 'Uhamisho wa benki', mobile_money: 'Pesa ya simu', card: 'Kadi', other: 'Nyingine' },
  print: 'Chapisha',
  printedTitle: 'Hesabu ya droo {{date}}',
});
