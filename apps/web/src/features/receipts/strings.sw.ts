import { defineTranslation } from '../../i18n/translation';
import type { RECEIPT_STRINGS } from './strings';

export default defineTranslation<typeof RECEIPT_STRINGS>('receipts', {
  receipt: 'Risiti',
  title: 'Risiti {{number}}',
  number: 'Namba ya risiti',
  date: 'Tarehe',
  method: 'Njia',
  reference: 'Namba ya kumbukumbu',
  amount: 'Kiasi',
  balanceLeft: 'Salio lililobaki',
  building: 'Inatengeneza risiti',
  failed: 'PDF ya risiti haikuweza kutengenezwa kwenye kifaa hiki',
  download: 'Pakua PDF',
  whatsapp: 'WhatsApp',
  email: 'Barua pepe',
  copyLink: 'Nakili kiungo',
  linkCopied: 'Kiungo kimenakiliwa',
  sharePdf: 'Tuma PDF',
  emailTo: 'Tuma kwa',
  emailSend: 'Tuma risiti',
  emailSent: 'Risiti imetumwa kwa {{email}}',
  emailInvalid: 'Weka barua pepe sahihi',
  emailClientOnly: 'Risiti hutumwa kwa barua pepe ya mteja. Ili kutuma kwingine, badilisha barua pepe ya mteja kwanza.',
  emailNoClient: 'Mteja huyu hana barua pepe. Ongeza moja kwenye taarifa za mteja ili kutuma risiti.',
  offline: 'Uko nje ya mtandao. Unganisha ili kutuma kwa barua pepe au kushiriki kiungo; PDF inafanya kazi bila mtandao.',
  needsSync: 'Bado haijasawazishwa: kiungo na barua pepe vitafanya kazi malipo haya yakishafika kwenye seva.',
  whatsappMessage:
    'Habari {{client}}, asante kwa malipo yako ya {{amount}} kwa ankara {{invoice}}. Risiti {{number}}: {{link}} Salio lililobaki: {{balance}}. {{company}}',
  close: 'Funga',
});
