import { defineTranslation } from '../../i18n/translation';
import type { SELL_ORDER_STRINGS } from './sellOrderStrings';

export default defineTranslation<typeof SELL_ORDER_STRINGS>('sellOrder', {
  open: 'Andika au sema oda',
  hint: 'Kwa mfano: sabuni 2, mikate 3 bei 1200, kwa Juma',
  hintFor: 'Kwa mfano: {{example}}',
  read: 'Soma oda',
  speak: 'Sema oda',
  stopListening: 'Acha kusikiliza',
  listening: 'Inasikiliza…',
  heardNothing: 'Hakuna kilichosikika. Jaribu tena au andika oda.',
  empty: 'Andika oda kwanza',
  close: 'Funga',
  reviewTitle: 'Kagua oda',
  clientLabel: 'Mteja:',
  newClient: '{{name}} (mteja mpya)',
  noLines: 'Hakuna bidhaa iliyosomwa kwenye oda',
  catalogItem: 'Kutoka katalogi',
  newItem: 'Haipo kwenye katalogi',
  price: 'Bei ya {{name}}',
  priceNeeded: 'Andika bei kwa kila mstari usio na bei',
  due: 'Mauzo hulipwa sasa: tarehe ya mwisho {{date}} haitumiki',
  remainder: 'Haikueleweka, haijaongezwa',
  adds: 'Inaongeza',
  add: 'Ongeza kwenye mauzo',
  change: 'Badilisha maandishi',
  added: 'Imeongezwa kwenye mauzo',
});
