import { defineTranslation } from '../../i18n/translation';
import type { STOCK_RECEIVED_STRINGS } from './stockReceivedStrings';

export default defineTranslation<typeof STOCK_RECEIVED_STRINGS>('stockReceived', {
  title: 'Bidhaa zilizopokelewa',
  hint: 'Bidhaa zilizonunuliwa kwa gharama hii unazofuatilia kwenye stoo: zinaongezwa kwenye kiwango cha stoo.',
  add: 'Ongeza bidhaa zilizopokelewa',
  item: 'Bidhaa {{n}}',
  choose: 'Chagua bidhaa',
  quantity: 'Idadi {{n}}',
  remove: 'Ondoa mstari {{n}}',
  chooseItem: 'Chagua bidhaa iliyopokelewa',
  quantityInvalid: 'Andika idadi, mf. 12 au 1.5',
  reason: 'Gharama: {{what}}',
});
