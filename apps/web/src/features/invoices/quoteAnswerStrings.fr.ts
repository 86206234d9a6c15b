import { defineTranslation } from '../../i18n/translation';
import type { QUOTE_ANSWER_STRINGS } from './quoteAnswerStrings';

export default defineTranslation<typeof QUOTE_ANSWER_STRINGS>('quoteAnswer', {
  accept: 'Accepter le devis',
  decline: 'Refuser',
  declineTitle: 'Refuser ce devis ?',
  declineReason: 'Motif (facultatif)',
  declineHint: 'Dites à l’entreprise pourquoi, pour qu’elle puisse faire une meilleure offre.',
  declineSend: 'Refuser le devis',
  cancel: 'Annuler',
  accepted: 'Vous avez accepté ce devis. L’entreprise a été prévenue et il est devenu une facture.',
  viewInvoice: 'Voir la facture',
  declined: 'Vous avez refusé ce devis. L’entreprise a été prévenue.',
  declinedReason: 'Votre raison : {{reason}}',
});
