import { defineTranslation } from '../../i18n/translation';
import type { TEST_PHONE_STRINGS } from './testPhoneStrings';

export default defineTranslation<typeof TEST_PHONE_STRINGS>('testPhone', {
  phoneTitle: 'Téléphone de test',
  phoneBanner: 'MODE TEST — aucun argent réel ne circule. Cette page remplace le téléphone du client.',
  checkoutTitle: 'Paiement de test',
  checkoutBanner: 'MODE TEST — aucun argent réel ne circule. Cette page remplace la page de paiement de {{rail}}.',
  phonePrompt: '{{business}} vous demande de payer {{amount}} avec {{rail}} pour la facture {{number}}.',
  phoneNumber: 'Téléphone : {{phone}}',
  approve: 'Approuver',
  decline: 'Refuser',
  letTimeOut: 'Laisser expirer',
  answered: {
    approved: 'Vous avez approuvé le paiement. La page de la facture l’affiche comme payée.',
    approvedPart: 'Vous avez approuvé le paiement. La page de la facture l’affiche comme payée en partie : il reste {{left}} à payer.',
    declined: 'Vous avez refusé le paiement.',
    timed_out: 'La demande a expiré.',
  },
  voucherTitle: 'Votre code de bon',
  voucherBody:
    '{{rail}} demande un code de bon avant la demande de paiement. Saisissez ce code sur la page de la facture ; la demande arrive ensuite sur ce téléphone.',
  backToInvoice: 'Retour à la facture',
  notFound: 'Cette demande de test est introuvable.',
});
