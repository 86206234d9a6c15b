import { defineTranslation } from '../../i18n/translation';
import type { RAIL_STRINGS } from './strings';

export default defineTranslation<typeof RAIL_STRINGS>('rails', {
  payWith: 'Payer {{amount}} avec {{rail}}',
  testMode: 'MODE TEST',
  goToCheckout: 'Continuer vers {{rail}}',
  confirming: 'Vérification de votre paiement auprès de {{rail}}…',
  waiting: 'En attente de {{rail}}',
  left: 'Reste à payer : {{left}}.',
  promptWaiting: 'Une demande de paiement attend déjà sur le {{phone}} : acceptez-la ou refusez-la sur votre téléphone, ou attendez qu’elle expire.',
  promptWaitingOther:
    'Une demande de paiement de cette facture attend déjà sur le téléphone qui l’a demandée. Attendez qu’elle soit acceptée, refusée ou expirée (environ 2 minutes), puis réessayez.',
  receipt: '{{amount}} payé avec {{rail}}. Identifiant de transaction : {{id}}',
  cancelled: 'Le paiement {{rail}} a été refusé.',
  cancelledOnCheckout: 'Le paiement {{rail}} a été annulé. Vous pouvez réessayer.',
  timedOut: 'La demande {{rail}} a expiré. Vérifiez que votre téléphone est allumé et déverrouillé, puis réessayez.',
  timedOutCheckout: 'Le paiement {{rail}} n’a pas été terminé à temps : rien n’a été payé. Vous pouvez réessayer.',
  failed: '{{rail}} n’a pas pu prendre le paiement : {{message}}',
  stillWaiting: '{{rail}} ne nous a pas encore répondu. Si vous avez payé, cette page l’affichera bientôt ; sinon, réessayez.',
  tryAgain: 'Réessayer',
  done: 'Terminé',
  cancel: 'Annuler',
});
