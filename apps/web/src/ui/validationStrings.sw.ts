import { defineTranslation } from '../i18n/translation';
import type { VALIDATION_STRINGS } from './validationStrings';

export default defineTranslation<typeof VALIDATION_STRINGS>('validation', {
  required: '{{field}} inahitajika',
  maxChars: 'Herufi {{max}} zisizidi',
  email: 'Barua pepe si sahihi',
  amountPositive: 'Kiasi kiwe zaidi ya 0',
  noteEmpty: 'Andika kitu kwenye dokezo',
  notNegative: 'Kisiwe chini ya sifuri',
  maxPercent: 'Isizidi 100%',
  moneyTooLarge: 'Kiasi hiki ni kikubwa kuliko ankara inavyoweza kubeba',
  currencyCode: 'Tumia msimbo wa sarafu kama KES',
  control: 'Ondoa herufi za udhibiti zisizoonekana kwenye maandishi haya',
  lineBreak: 'Tumia mstari mmoja hapa (bila kushuka mstari wala tab)',
  surrogate: 'Maandishi haya yana herufi iliyoharibika (nusu ya emoji?): yaandike upya',
  fields: { name: 'Jina', category: 'Aina' },
  phone: {
    notPhone: 'Hii si namba ya simu.',
    countryCode: 'Ongeza msimbo wa nchi (kama +254), au chagua nchi kwanza.',
    notValid: 'Namba hii ya simu si sahihi.',
    notValidIn: 'Namba hii si namba sahihi ya simu ya {{country}}.',
    typeLike: '{{why}} Iandike kama {{example}}.',
  },
});
