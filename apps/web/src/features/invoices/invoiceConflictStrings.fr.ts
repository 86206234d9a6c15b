import { defineTranslation } from '../../i18n/translation';
import type { INVOICE_CONFLICT_STRINGS } from './invoiceConflictStrings';

export default defineTranslation<typeof INVOICE_CONFLICT_STRINGS>('invoiceConflict', {
  title: 'Modifiée sur un autre appareil',
  body: 'Un enregistrement plus récent a remplacé certaines valeurs de cette facture : une modification faite en même temps sur un autre appareil, ou un changement après un paiement. Le dernier enregistrement a été gardé ; les valeurs remplacées sont ci-dessous, rien n’est perdu.',
  line: '{{quantity}} × {{description}} à {{price}}',
  lines: 'Lignes',
  client: 'Client',
  otherClient: 'Un autre client',
  discount: 'Remise',
  total: 'Total',
  notes: 'Notes',
  terms: 'Conditions',
  instructions: 'Instructions de paiement',
  issueDate: 'Date',
  dueDate: 'Échéance',
  none: 'Aucune',
  askTitle: 'Modifiée sur un autre appareil pendant votre saisie',
  askBody:
    'Cette facture a été enregistrée sur un autre appareil après que vous l’avez ouverte. Ses autres changements sont gardés avec les vôtres ; ceux-ci ont été changés des deux côtés : choisissez lesquels garder.',
  askBody_quote:
    'Ce devis a été enregistré sur un autre appareil après que vous l’avez ouvert. Ses autres changements sont gardés avec les vôtres ; ceux-ci ont été changés des deux côtés : choisissez lesquels garder.',
  theirs: 'Sur l’autre appareil',
  yours: 'Les vôtres',
  removed: 'Supprimée',
  keepTheirs: 'Garder ceux de l’autre appareil',
  useMine: 'Utiliser les miens',
  merged: 'Enregistrée, avec les changements faits entre-temps sur un autre appareil',
  fees: 'Taxes et frais',
  currency: 'Devise',
  partPayments: 'Paiements partiels',
  partOn: 'Oui',
  partOff: 'Non',
  partDefault: 'Selon vos réglages',
  rate: 'Taux de change',
});
