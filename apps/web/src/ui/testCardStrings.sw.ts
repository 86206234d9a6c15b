import { defineTranslation } from '../i18n/translation';
import type { TEST_CARD_STRINGS } from './testCardStrings';

export default defineTranslation<typeof TEST_CARD_STRINGS>('testCard', {
  testMode: 'HALI YA MAJARIBIO',
  testModeNote:
    'Hakuna pesa halisi inayotumwa. Tumia 4242 4242 4242 4242 (au kadi ya majaribio ya Paystack 4084 0840 8408 4081, au ya Flutterwave) ili malipo yafanikiwe, 4000 0000 0000 0002 ili yakataliwe.',
  cardNumber: 'Namba ya kadi',
  expiry: 'Inaisha (MM/YY)',
  cvc: 'CVC',
  nameOnCard: 'Jina kwenye kadi',
  cardError_card_number_invalid: 'Namba ya kadi si sahihi.',
  cardError_card_not_test: 'Namba ya kadi si sahihi. Katika hali ya majaribio tumia 4242 4242 4242 4242 au 4084 0840 8408 4081.',
  cardError_exp_invalid: 'Tarehe ya mwisho wa kadi haijakamilika (MM/YY).',
  cardError_exp_past: 'Muda wa kadi umekwisha.',
  cardError_cvc_invalid: 'Namba ya usalama haijakamilika (tarakimu 3 au 4).',
  cardError_name_missing: 'Andika jina lililo kwenye kadi.',
});
