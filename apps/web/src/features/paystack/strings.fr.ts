import { defineTranslation } from '../../i18n/translation';
import type { PAYSTACK_STRINGS } from './strings';

export default defineTranslation<typeof PAYSTACK_STRINGS>('paystack', {
  payNow: 'Payer maintenant',
  opening: 'Ouverture du paiement…',
  invoiceAmount: 'Montant de la facture',
  processingFee: 'Frais de traitement',
  youPay: 'Vous payez',
  channelsLabel: 'Payer par',
  channel: { card: 'Carte', bank_transfer: 'Virement', ussd: 'USSD', mobile_money: 'Mobile money' },
  checkoutTitle: 'Payer {{business}}',
  checkoutFor: 'Facture {{number}}',
  testMode:
    'MODE TEST : aucun argent réel n’est débité. Utilisez la carte 4242 4242 4242 4242 ou 4084 0840 8408 4081, ou choisissez un autre moyen de paiement.',
  howToPay: 'Comment voulez-vous payer ?',
  cardNumber: 'Numéro de carte',
  exp: 'Expiration (MM/AA)',
  cvc: 'CVC',
  nameOnCard: 'Nom sur la carte',
  transferHint: 'Virez {{amount}} sur le compte indiqué par votre application bancaire, puis confirmez.',
  ussdHint: 'Composez le code USSD de votre banque pour {{amount}}, puis confirmez.',
  momoHint: 'Validez {{amount}} sur votre compte mobile money, puis confirmez.',
  pay: 'Payer {{amount}}',
  confirmPaid: 'J’ai payé {{amount}}',
  alreadyPaid: 'Ce paiement a déjà été effectué.',
  closed: 'Ce paiement est fermé. Ouvrez à nouveau le lien de la facture.',
  cancel: 'Annuler et revenir à la facture',
  checking: 'Vérification de votre paiement auprès de Paystack…',
  pendingTitle: 'Paiement pas encore confirmé',
  pendingBody: 'Nous n’avons pas encore reçu votre paiement. Si vous avez payé, cela peut prendre une minute : vérifiez à nouveau.',
  checkAgain: 'Vérifier à nouveau',
  failedTitle: 'Échec du paiement',
  backToInvoice: 'Retour à la facture',
  settingsTitle: 'Paiements en ligne (Paystack)',
  settingsIntro:
    'Les factures en naira reçoivent un bouton qui indique le montant (« Payer 10 000 ₦ ») et ouvre le paiement Paystack avec les moyens que vous autorisez.',
  customerPaysFee: 'Le client paie les frais de traitement',
  customerPaysFeeHint:
    'Affichés sur une ligne à part avant le paiement. Paystack prélève 1,5 % + 100 ₦ (sans les 100 ₦ sous 2 500 ₦), au plus 2 000 ₦ : sur {{example}}, le client ajoute {{fee}}.',
});
