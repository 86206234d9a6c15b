import { defineTranslation } from '../../i18n/translation';
import type { RAIL_STRINGS } from './strings';

export default defineTranslation<typeof RAIL_STRINGS>('rails', {
  payWith: 'Lipa {{amount}} kwa {{rail}}',
  testMode: 'HALI YA MAJARIBIO',
  goToCheckout: 'Endelea kwa {{rail}}',
  confirming: 'Tunathibitisha malipo yako kwa {{rail}}…',
  waiting: 'Tunasubiri {{rail}}',
  left: 'Kiasi kilichobaki: {{left}}.',
  promptWaiting: 'Ombi la malipo tayari linasubiri kwenye {{phone}}: likubali au ulikatae kwenye simu yako, au subiri muda wake uishe.',
  promptWaitingOther:
    'Ombi la malipo la ankara hii tayari linasubiri kwenye simu iliyoliomba. Subiri lijibiwe au muda wake uishe (kama dakika 2), kisha ujaribu tena.',
  receipt: 'Umelipa {{amount}} kwa {{rail}}. Nambari ya muamala: {{id}}',
  cancelled: 'Malipo ya {{rail}} yamekataliwa.',
  cancelledOnCheckout: 'Malipo ya {{rail}} yameghairiwa. Unaweza kujaribu tena.',
  timedOut: 'Muda wa ombi la {{rail}} umekwisha. Hakikisha simu yako imewashwa na haijafungwa, kisha ujaribu tena.',
  timedOutCheckout: 'Malipo ya {{rail}} hayakukamilika kwa wakati, kwa hiyo hakuna kilicholipwa. Unaweza kujaribu tena.',
  failed: '{{rail}} haikuweza kupokea malipo: {{message}}',
  stillWaiting: 'Bado hatujapata jibu kutoka {{rail}}. Ikiwa umelipa, ukurasa huu utaonyesha hivi karibuni; vinginevyo jaribu tena.',
  tryAgain: 'Jaribu tena',
  done: 'Maliza',
  cancel: 'Ghairi',
});
