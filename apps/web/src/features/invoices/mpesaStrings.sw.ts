import { defineTranslation } from '../../i18n/translation';
import type { MPESA_STRINGS } from './mpesaStrings';

export default defineTranslation<typeof MPESA_STRINGS>('mpesa', {
  payAmount: 'Lipa {{amount}} kwa M-Pesa',
  phoneLabel: 'Namba ya simu ya M-Pesa',
  phoneHint: 'Mfano 0712 345 678. Simu hii itapokea ombi la kuweka PIN yako ya M-Pesa.',
  send: 'Tuma ombi kwenye simu yangu',
  checkPhone: 'Angalia simu yako',
  checkPhoneBody: 'Weka PIN yako ya M-Pesa kwenye ombi ili kulipa {{amount}}. Ukurasa huu utajisasisha wenyewe.',
  waiting: 'Inasubiri M-Pesa',
  paid: 'Imelipwa. Asante!',
  cancelled: 'Umeghairi ombi la M-Pesa.',
  timedOut: 'Muda wa ombi la M-Pesa umekwisha. Hakikisha simu yako imewashwa na haijafungwa, kisha ujaribu tena.',
  failed: 'M-Pesa haikuweza kupokea malipo: {{message}}',
  stillWaiting: 'Bado hatujapata jibu kutoka M-Pesa. Kama umelipa, ukurasa huu utaonyesha hivi karibuni; la sivyo, jaribu tena.',
  tryAgain: 'Jaribu tena',
  cancel: 'Ghairi',
});
