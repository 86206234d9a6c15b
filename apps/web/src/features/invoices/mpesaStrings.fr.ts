import { defineTranslation } from '../../i18n/translation';
import type { MPESA_STRINGS } from './mpesaStrings';

export default defineTranslation<typeof MPESA_STRINGS>('mpesa', {
  payAmount: 'Payer {{amount}} avec M-Pesa',
  phoneLabel: 'Numéro de téléphone M-Pesa',
  phoneHint: 'Par exemple 0712 345 678. Vous recevrez sur ce téléphone une demande pour saisir votre code PIN M-Pesa.',
  send: 'Envoyer la demande sur mon téléphone',
  checkPhone: 'Regardez votre téléphone',
  checkPhoneBody: 'Saisissez votre code PIN M-Pesa dans la demande pour payer {{amount}}. Cette page se met à jour toute seule.',
  waiting: 'En attente de M-Pesa',
  paid: 'Payé. Merci !',
  cancelled: 'Vous avez annulé la demande M-Pesa.',
  timedOut: 'La demande M-Pesa a expiré. Vérifiez que votre téléphone est allumé et déverrouillé, puis réessayez.',
  failed: 'M-Pesa n’a pas pu prendre le paiement : {{message}}',
  stillWaiting: 'M-Pesa ne nous a pas encore répondu. Si vous avez payé, cette page l’affichera bientôt ; sinon, réessayez.',
  tryAgain: 'Réessayer',
  cancel: 'Annuler',
});
