import { defineTranslation } from '../i18n/translation';
import type { MONEY_STRINGS } from './moneyStrings';

export default defineTranslation<typeof MONEY_STRINGS>('money', {
  unreadable: 'Andika kiasi, kwa mfano {{example}}',
  ambiguous: '“{{text}}” inaweza kusomeka kwa njia mbili. Kiandike kama {{example}}',
  decimals: 'Desimali zisizozidi {{n}}, kwa mfano {{example}}',
  noDecimals: '{{currency}} haina desimali. Andika kama {{example}}',
  negative: 'Weka kiasi kilicho zaidi ya 0',
  tooLarge: 'Kiasi hiki ni kikubwa mno',
});
