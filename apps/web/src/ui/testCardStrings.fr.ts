import { defineTranslation } from '../i18n/translation';
import type { TEST_CARD_STRINGS } from './testCardStrings';

export default defineTranslation<typeof TEST_CARD_STRINGS>('testCard', {
  testMode: 'MODE TEST',
  testModeNote:
    'Aucun argent réel n’est débité. Utilisez 4242 4242 4242 4242 (ou la carte de test Paystack 4084 0840 8408 4081, ou une carte de test Flutterwave) pour un paiement accepté, 4000 0000 0000 0002 pour un refus.',
  cardNumber: 'Numéro de carte',
  expiry: 'Expiration (MM/AA)',
  cvc: 'CVC',
  nameOnCard: 'Nom sur la carte',
  cardError_card_number_invalid: 'Le numéro de carte est incorrect.',
  cardError_card_not_test: 'Le numéro de carte est incorrect. En mode test, utilisez 4242 4242 4242 4242 ou 4084 0840 8408 4081.',
  cardError_exp_invalid: 'La date d’expiration est incomplète (MM/AA).',
  cardError_exp_past: 'La date d’expiration de la carte est passée.',
  cardError_cvc_invalid: 'Le code de sécurité est incomplet (3 ou 4 chiffres).',
  cardError_name_missing: 'Saisissez le nom figurant sur la carte.',
});
