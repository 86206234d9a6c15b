import { defineTranslation } from '../../i18n/translation';
import type { PAY_AMOUNT_STRINGS } from './payAmountStrings';

export default defineTranslation<typeof PAY_AMOUNT_STRINGS>('payAmount', {
  label: 'Kiasi cha kulipa',
  hint: 'Unaweza kulipa sehemu ya salio: angalau {{min}}, isizidi {{balance}}.',
  tooLittle: 'Lipa angalau {{min}}.',
  tooMuch: 'Huwezi kulipa zaidi ya salio, {{balance}}.',
  required: 'Weka kiasi cha kulipa.',
  wholeShillings: '{{rail}}: shilingi kamili tu. Weka kiasi bila senti.',
  wholeShillingsOnly: '{{rail}}: shilingi kamili tu, na salio hili lina senti. Lipa kwa njia nyingine, au omba biashara ilishushe ankara hadi shilingi kamili.',
  walletMax: '{{rail}}: si zaidi ya {{max}} kwa malipo moja. Lipa {{max}} au chini kwa njia hiyo, na kilichobaki kwa malipo mengine.',
  walletMaxOnly: '{{rail}}: si zaidi ya {{max}} kwa malipo moja, chini ya salio hili. Lipa kwa njia nyingine, au omba biashara ikubali malipo ya sehemu.',
  walletMaxUse: 'Lipa {{max}} sasa',
});
